package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;

/**
 * DYNAMIC_QUANTIZE_LINEAR, measured on the real DLL (docs/directml-behaviour.md §15.14): the range is the input's
 * smallest and largest values with 0 (NaNs skipped), the scale {@code (max - min) * (1 / 255)} in FLOAT32, and with
 * {@code r = 1 / scale} the zero point {@code least + rint(-min * r)} and each output {@code rint(x * r) + zero point},
 * clamped as QUANTIZE clamps (a NaN giving the least value: so an all-zero input gives scale 0 and the least value
 * everywhere). A FLOAT16 input is refused: the device has none to measure its arithmetic on.
 */
public final class DynamicQuantizeLinearKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.DYNAMIC_QUANTIZE_LINEAR;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        if (input.dataType() != TensorDataType.FLOAT32 || !input.sizes().equals(output.sizes())) {
            throw new OperatorExecutionException(OperatorType.DYNAMIC_QUANTIZE_LINEAR.cName()
                    + ": the emulator cannot execute this desc: it takes a FLOAT32 InputTensor (FLOAT16 could not be"
                    + " measured: the device has none) and an OutputTensor of the same Sizes");
        }
        return new Execution(operator.desc(), input, output);
    }

    /** Two walks over the input: its range, then the quantized values. */
    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final long[] sizes;
        private final long[] inputStrides;
        private final long[] outputStrides;
        private final TensorDataType type;

        Execution(OperatorDesc desc, BufferTensorDesc input, BufferTensorDesc output) {
            this.desc = desc;
            this.sizes = input.sizes().stream().mapToLong(Long::longValue).toArray();
            this.inputStrides = input.effectiveStrides().stream().mapToLong(Long::longValue).toArray();
            this.outputStrides = output.effectiveStrides().stream().mapToLong(Long::longValue).toArray();
            this.type = output.dataType();
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer in = BoundBuffers.view(bindings.get(0));
            ByteBuffer out = BoundBuffers.view(bindings.get(1));
            ByteBuffer scaleOut = BoundBuffers.view(bindings.get(2));
            ByteBuffer zeroPointOut = BoundBuffers.view(bindings.get(3));
            long count = 1;
            for (long size : sizes) {
                count *= size;
            }
            float min = 0;
            float max = 0;
            long[] at = new long[sizes.length];
            for (long e = 0; e < count; e++) {
                float x = PackedElements.real(in, TensorDataType.FLOAT32, offset(at, inputStrides));
                // NaNs fail both comparisons and are skipped.
                min = x < min ? x : min;
                max = x > max ? x : max;
                next(at);
            }
            // A product by the FLOAT32 1 / 255, not a division (measured: one unit apart on some ranges).
            float scale = (max - min) * (1f / 255f);
            float reciprocal = 1f / scale;
            int zeroPoint = clamped((float) Math.rint(-min * reciprocal) + PackedElements.least(type));
            // The scale and zero point hold one element each (validated: every size 1), at offset 0.
            PackedElements.putReal(scaleOut, TensorDataType.FLOAT32, 0, scale);
            PackedElements.putInteger(zeroPointOut, type, 0, zeroPoint);
            java.util.Arrays.fill(at, 0);
            for (long e = 0; e < count; e++) {
                float x = PackedElements.real(in, TensorDataType.FLOAT32, offset(at, inputStrides));
                int q = clamped((float) Math.rint(x * reciprocal) + zeroPoint);
                PackedElements.putInteger(out, type, offset(at, outputStrides), q);
                next(at);
            }
        }

        /** {@code min(max(v, least), greatest)}, a NaN giving the least value. */
        private int clamped(float v) {
            float least = PackedElements.least(type);
            return (int) Math.min(v >= least ? v : least, PackedElements.greatest(type));
        }

        private static long offset(long[] at, long[] strides) {
            long offset = 0;
            for (int d = 0; d < at.length; d++) {
                offset += at[d] * strides[d];
            }
            return offset;
        }

        private void next(long[] at) {
            for (int d = sizes.length - 1; d >= 0 && ++at[d] == sizes[d]; d--) {
                at[d] = 0;
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
