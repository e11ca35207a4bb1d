package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ReduceOperatorDesc;
import java.math.BigInteger;
import java.util.List;

/**
 * The naive reference of REDUCE SUM, MULTIPLY, L1 and SUM_SQUARE over 32- and 64-bit integers, as measured on the real
 * DLL (docs/directml-behaviour.md §16.7): the exact sum, product, sum of absolute values or of squares of the reduced
 * elements, reduced modulo 2 to the type's width and read back in the type (so L1 of the signed minimum is the minimum).
 */
public final class NaiveIntegerReduce {

    private NaiveIntegerReduce() {}

    public static List<byte[]> run(MovementCase c) {
        ReduceOperatorDesc desc = (ReduceOperatorDesc) c.desc();
        BufferTensorDesc input = (BufferTensorDesc) desc.inputTensor();
        BufferTensorDesc output = (BufferTensorDesc) desc.outputTensor();
        int width = input.dataType().sizeInBytes();
        boolean signed = input.dataType().isSignedInteger();
        long[] sizes = Shapes.toArray(input.sizes());
        long[] outSizes = Shapes.toArray(output.sizes());
        long[] inStrides = Shapes.toArray(input.effectiveStrides());
        long[] outStrides = Shapes.toArray(output.effectiveStrides());
        byte[] in = c.inputs().get(0).bytes();
        byte[] out = c.outputs().get(0).bytes().clone();
        BigInteger modulus = BigInteger.ONE.shiftLeft(8 * width);
        for (long o = 0; o < Shapes.product(outSizes); o++) {
            long[] kept = Shapes.coordinate(o, outSizes);
            BigInteger total = desc.function() == dev.dmlemu.desc.ReduceFunction.MULTIPLY ? BigInteger.ONE
                    : BigInteger.ZERO;
            for (long e = 0; e < Shapes.product(sizes); e++) {
                long[] at = Shapes.coordinate(e, sizes);
                boolean onThisOutput = true;
                for (int d = 0; d < sizes.length; d++) {
                    onThisOutput &= outSizes[d] == 1 || at[d] == kept[d];
                }
                if (!onThisOutput) {
                    continue;
                }
                long bits = LittleEndian.bits(in, Math.toIntExact(width * Shapes.offset(at, inStrides)), width);
                BigInteger x = BigInteger.valueOf(bits);
                if (width == 4) {
                    x = BigInteger.valueOf(signed ? (int) bits : bits & 0xFFFF_FFFFL);
                } else if (!signed && bits < 0) {
                    x = x.add(modulus);
                }
                total = switch (desc.function()) {
                    case SUM -> total.add(x);
                    case MULTIPLY -> total.multiply(x);
                    case L1 -> total.add(x.abs());
                    case SUM_SQUARE -> total.add(x.multiply(x));
                    default -> throw new IllegalArgumentException("not an integer sum: " + desc.function());
                };
            }
            long result = total.mod(modulus).longValue();
            LittleEndian.put(out, Math.toIntExact(width * Shapes.offset(kept, outStrides)), width, result);
        }
        return List.of(out);
    }
}
