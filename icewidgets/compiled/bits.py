"""Bit tricks for the kernels: population count and lowest set bit, one CPU instruction each."""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from .jit import internal


@intrinsic
def _ctpop(typingctx, x):
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@intrinsic
def _cttz(typingctx, x):
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.int64), codegen


@internal
def popcount(x):
    """Number of set bits of a non-negative int64."""
    return _ctpop(x)


@internal
def lowest_bit(x):
    """Index of the lowest set bit of a non-zero int64."""
    return _cttz(x)
