"""Playing many games: running and chunking, results, tournaments, progress."""
