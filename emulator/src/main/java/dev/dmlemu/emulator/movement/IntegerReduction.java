package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;

/**
 * REDUCE SUM, MULTIPLY, L1 and SUM_SQUARE over INT32, UINT32, INT64 and UINT64 tensors (docs/directml-behaviour.md
 * §16.7, "Integer sums and products"): computed modulo 2 to the type's width, as the real DLL gives them, so the order
 * of the reduced elements does not matter. L1 of the signed minimum is the minimum (its negation wraps). MULTIPLY and
 * SUM_SQUARE of the 64-bit types are refused: the measuring device's CompileOperator refuses them.
 */
final class IntegerReduction {

    private static final Set<ReduceFunction> FUNCTIONS = Set.of(ReduceFunction.SUM, ReduceFunction.MULTIPLY,
            ReduceFunction.L1, ReduceFunction.SUM_SQUARE);
    private static final Set<TensorDataType> TYPES = Set.of(TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);

    private IntegerReduction() {}

    /** Whether {@code function} over {@code input} is an integer sum or product. */
    static boolean applies(ReduceFunction function, BufferTensorDesc input) {
        return FUNCTIONS.contains(function) && TYPES.contains(input.dataType());
    }

    /** The execution; refuses what was not measured and an output other than the reduced input. */
    static OperatorExecution execution(OperatorDesc desc, ReduceFunction function, BufferTensorDesc input,
            BufferTensorDesc output, List<Long> axes) {
        OperatorType type = OperatorType.REDUCE;
        TensorDataType dataType = input.dataType();
        boolean wide = dataType.sizeInBytes() == 8;
        if (wide && (function == ReduceFunction.MULTIPLY || function == ReduceFunction.SUM_SQUARE)) {
            throw Shapes.refuse(type, "Function " + function.cName() + " of " + dataType + " is not modelled: the"
                    + " device it was measured on refuses it at CompileOperator");
        }
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        long[] sizes = Shapes.sizes(input);
        boolean[] reduced = new boolean[sizes.length];
        for (long axis : axes) {
            if (axis < 0 || axis >= sizes.length) {
                throw Shapes.refuse(type, "axis " + axis + " is not a dimension of " + sizes.length);
            }
            reduced[(int) axis] = true;
        }
        long[] outSizes = Shapes.sizes(output);
        for (int d = 0; d < sizes.length; d++) {
            if (outSizes.length != sizes.length || outSizes[d] != (reduced[d] ? 1 : sizes[d])) {
                throw Shapes.refuse(type, "OutputTensor " + output.sizes() + " must be InputTensor "
                        + input.sizes() + " with 1 on each reduced axis");
            }
        }
        return new Execution(desc, function, dataType, sizes, reduced, Shapes.strides(input), Shapes.strides(output));
    }

    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final ReduceFunction function;
        private final boolean signed;
        private final int width;
        private final long[] sizes;
        private final boolean[] reduced;
        private final long[] inStrides;
        private final long[] outStrides;

        Execution(OperatorDesc desc, ReduceFunction function, TensorDataType type, long[] sizes, boolean[] reduced,
                long[] inStrides, long[] outStrides) {
            this.desc = desc;
            this.function = function;
            this.signed = type.isSignedInteger();
            this.width = type.sizeInBytes();
            this.sizes = sizes;
            this.reduced = reduced;
            this.inStrides = inStrides;
            this.outStrides = outStrides;
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer in = BoundBuffers.view(bindings.get(0));
            ByteBuffer out = BoundBuffers.view(bindings.get(1));
            int rank = sizes.length;
            long[] kept = new long[rank];
            do {
                long acc = function == ReduceFunction.MULTIPLY ? 1 : 0;
                long[] at = kept.clone();
                do {
                    acc = combine(acc, read(in, Shapes.offset(at, inStrides)));
                } while (advance(at, true));
                int to = Math.toIntExact(Shapes.offset(kept, outStrides) * width);
                if (width == 8) {
                    out.putLong(to, acc);
                } else {
                    out.putInt(to, (int) acc);
                }
            } while (advance(kept, false));
        }

        /** One more element, wrapping in 64 bits (the 32-bit result is its low half). */
        private long combine(long acc, long x) {
            return switch (function) {
                case SUM -> acc + x;
                case MULTIPLY -> acc * x;
                case L1 -> acc + (signed && x < 0 ? -x : x);
                default -> acc + x * x;
            };
        }

        private long read(ByteBuffer in, long element) {
            int at = Math.toIntExact(element * width);
            if (width == 8) {
                return in.getLong(at);
            }
            int v = in.getInt(at);
            return signed ? v : v & 0xFFFF_FFFFL;
        }

        /** The next coordinate over the reduced dimensions ({@code overReduced}) or the kept ones; false at the end. */
        private boolean advance(long[] at, boolean overReduced) {
            for (int d = sizes.length - 1; d >= 0; d--) {
                if (reduced[d] != overReduced) {
                    continue;
                }
                if (++at[d] < sizes[d]) {
                    return true;
                }
                at[d] = 0;
            }
            return false;
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
