"""Repository-wide pytest settings."""

# The browser tests open their own notebook in JupyterLab; nbval must not run it as a notebook test.
collect_ignore_glob = ["tests/browser/*.ipynb", "benchmarks/*", "scripts/*"]
