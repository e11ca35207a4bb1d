package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.ValueScale2dOperatorDesc;
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
import java.util.List;

/**
 * VALUE_SCALE_2D: {@code x * Scale + Bias[c]} over an NCHW tensor, c the channel, in FLOAT32 with each operation
 * rounded and x86's NaN rules, x's NaN first (measured: no fused multiply-add, and unlike a ScaleBias of 1 and 0 the
 * arithmetic is never left out, so -0 with Scale 1 and Bias +0 gives +0; docs/directml-behaviour.md §15.9). FLOAT16
 * is computed the same way and rounded to half [inferred: the device lacks FLOAT16].
 */
public final class ValueScale2dKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.VALUE_SCALE_2D;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        ValueScale2dOperatorDesc desc = operator.desc(ValueScale2dOperatorDesc.class);
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        if (input.sizes().size() != 4 || !input.sizes().equals(output.sizes())
                || input.dataType() != output.dataType() || !input.dataType().isFloatingPoint()
                || desc.bias().size() != input.sizes().get(1)) {
            throw new OperatorExecutionException(OperatorType.VALUE_SCALE_2D.cName()
                    + ": the emulator cannot execute this desc: it takes two NCHW float tensors of the same sizes and"
                    + " one Bias per channel");
        }
        return new Execution(desc, input, output);
    }

    /** One pass over the elements, channel by channel. */
    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final long[] sizes;
        private final long[] inputStrides;
        private final long[] outputStrides;
        private final TensorDataType type;
        private final float scale;
        private final List<Float> bias;

        Execution(ValueScale2dOperatorDesc desc, BufferTensorDesc input, BufferTensorDesc output) {
            this.desc = desc;
            this.sizes = input.sizes().stream().mapToLong(Long::longValue).toArray();
            this.inputStrides = input.effectiveStrides().stream().mapToLong(Long::longValue).toArray();
            this.outputStrides = output.effectiveStrides().stream().mapToLong(Long::longValue).toArray();
            this.type = input.dataType();
            this.scale = desc.scale();
            this.bias = desc.bias();
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer in = BoundBuffers.view(bindings.get(0));
            ByteBuffer out = BoundBuffers.view(bindings.get(1));
            int width = type.sizeInBytes();
            for (long n = 0; n < sizes[0]; n++) {
                for (int c = 0; c < sizes[1]; c++) {
                    float channelBias = bias.get(c);
                    for (long h = 0; h < sizes[2]; h++) {
                        for (long w = 0; w < sizes[3]; w++) {
                            int from = (int) ((n * inputStrides[0] + c * inputStrides[1] + h * inputStrides[2]
                                    + w * inputStrides[3]) * width);
                            int to = (int) ((n * outputStrides[0] + c * outputStrides[1] + h * outputStrides[2]
                                    + w * outputStrides[3]) * width);
                            if (type == TensorDataType.FLOAT16) {
                                double x = Half.toDouble(in.getShort(from) & 0xFFFF);
                                out.putShort(to, Half.fromDouble(ActivationKernels.linear(x, scale, channelBias)));
                            } else {
                                double x = Float.intBitsToFloat(in.getInt(from));
                                out.putInt(to, Float.floatToRawIntBits(
                                        (float) ActivationKernels.linear(x, scale, channelBias)));
                            }
                        }
                    }
                }
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
