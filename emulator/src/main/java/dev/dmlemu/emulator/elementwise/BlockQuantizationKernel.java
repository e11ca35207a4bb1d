package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DequantizeOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizationType;
import dev.dmlemu.desc.QuantizeOperatorDesc;
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
 * QUANTIZE and DEQUANTIZE (feature level 6.3), measured on the real DLL (docs/directml-behaviour.md §15.13). Each
 * scale, and zero point, covers a block of {@code I[d] / S[d]} elements along every dimension {@code d} (the validator
 * checks that the sizes divide). Without a zero point (SCALE) an unsigned type's is its midpoint, 128 for UINT8 and 8
 * for UINT4, and a signed type's 0 (measured). QUANTIZE: {@code rint(x / scale)} in FLOAT32 (a true division, half to
 * even), plus the zero point in FLOAT32, then clamped as {@code min(max(q, least), greatest)}, so NaN gives the type's
 * least value, and converted; the 4-bit outputs write their nibble and leave the other. DEQUANTIZE: {@code (x - zero
 * point) * scale} in FLOAT32, each integer converted on its own. FLOAT16 tensors are refused: the device has none.
 */
public final class BlockQuantizationKernel implements OperatorKernel {

    private final OperatorType type;

    private BlockQuantizationKernel(OperatorType type) {
        this.type = type;
    }

    public static BlockQuantizationKernel quantize() {
        return new BlockQuantizationKernel(OperatorType.QUANTIZE);
    }

    public static BlockQuantizationKernel dequantize() {
        return new BlockQuantizationKernel(OperatorType.DEQUANTIZE);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        QuantizationType quantization = type == OperatorType.QUANTIZE
                ? operator.desc(QuantizeOperatorDesc.class).quantizationType()
                : operator.desc(DequantizeOperatorDesc.class).quantizationType();
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        BufferTensorDesc scale = operator.tensor("QuantizationTensors[0]");
        BufferTensorDesc zeroPoint = quantization == QuantizationType.SCALE_ZERO_POINT
                ? operator.tensor("QuantizationTensors[1]") : null;
        if (input.dataType() == TensorDataType.FLOAT16 || output.dataType() == TensorDataType.FLOAT16) {
            throw refuse("FLOAT16 is not modelled: the device it was measured on has none, so how DirectML rounds"
                    + " in half could not be measured");
        }
        long[] sizes = longs(input.sizes());
        long[] scaleSizes = longs(scale.sizes());
        if (!input.sizes().equals(output.sizes()) || scaleSizes.length != sizes.length) {
            throw refuse("InputTensor and OutputTensor must have the same Sizes, and the scale their rank");
        }
        long[] block = new long[sizes.length];
        for (int d = 0; d < sizes.length; d++) {
            if (scaleSizes[d] < 1 || sizes[d] % scaleSizes[d] != 0) {
                throw refuse("the scale's Sizes must divide InputTensor's");
            }
            block[d] = sizes[d] / scaleSizes[d];
        }
        return new Execution(operator.desc(), type == OperatorType.QUANTIZE, sizes, block, input, scale, zeroPoint,
                output);
    }

    private OperatorExecutionException refuse(String why) {
        return new OperatorExecutionException(type.cName() + ": the emulator cannot execute this desc: " + why);
    }

    private static long[] longs(java.util.List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    /** One walk over the elements in row-major order, each with its block's scale and zero point. */
    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final boolean quantize;
        private final long[] sizes;
        private final long[] block;
        private final long[] inputStrides;
        private final long[] scaleStrides;
        private final long[] zeroPointStrides;
        private final long[] outputStrides;
        private final TensorDataType inputType;
        private final TensorDataType scaleType;
        private final TensorDataType zeroPointType;
        private final TensorDataType outputType;
        private final int implicitZeroPoint;

        Execution(OperatorDesc desc, boolean quantize, long[] sizes, long[] block, BufferTensorDesc input,
                BufferTensorDesc scale, BufferTensorDesc zeroPoint, BufferTensorDesc output) {
            this.desc = desc;
            this.quantize = quantize;
            this.sizes = sizes;
            this.block = block;
            this.inputStrides = longs(input.effectiveStrides());
            this.scaleStrides = longs(scale.effectiveStrides());
            this.zeroPointStrides = zeroPoint == null ? null : longs(zeroPoint.effectiveStrides());
            this.outputStrides = longs(output.effectiveStrides());
            this.inputType = input.dataType();
            this.scaleType = scale.dataType();
            this.zeroPointType = zeroPoint == null ? null : zeroPoint.dataType();
            this.outputType = output.dataType();
            this.implicitZeroPoint = PackedElements.midpoint(quantize ? outputType : inputType);
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer in = BoundBuffers.view(bindings.get(0));
            ByteBuffer scales = BoundBuffers.view(bindings.get(1));
            ByteBuffer zeroPoints = zeroPointType == null ? null : BoundBuffers.view(bindings.get(2));
            ByteBuffer out = BoundBuffers.view(bindings.get(bindings.inFieldOrder().size() - 1));
            long count = 1;
            for (long size : sizes) {
                count *= size;
            }
            long[] at = new long[sizes.length];
            for (long e = 0; e < count; e++) {
                long input = 0;
                long scale = 0;
                long zeroPoint = 0;
                long output = 0;
                for (int d = 0; d < sizes.length; d++) {
                    input += at[d] * inputStrides[d];
                    output += at[d] * outputStrides[d];
                    long blockAt = at[d] / block[d];
                    scale += blockAt * scaleStrides[d];
                    if (zeroPointStrides != null) {
                        zeroPoint += blockAt * zeroPointStrides[d];
                    }
                }
                float s = PackedElements.real(scales, scaleType, scale);
                int z = zeroPoints == null ? implicitZeroPoint
                        : PackedElements.integer(zeroPoints, zeroPointType, zeroPoint);
                if (quantize) {
                    float x = PackedElements.real(in, inputType, input);
                    PackedElements.putInteger(out, outputType, output, quantized(x, s, z, outputType));
                } else {
                    int x = PackedElements.integer(in, inputType, input);
                    PackedElements.putReal(out, outputType, output, ((float) x - (float) z) * s);
                }
                for (int d = sizes.length - 1; d >= 0 && ++at[d] == sizes[d]; d--) {
                    at[d] = 0;
                }
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }

    /**
     * {@code min(max(rint(x / s) + z, least), greatest)} in FLOAT32, a NaN giving the least value (as the
     * shader's {@code max} returns its other operand), converted to {@code type}.
     */
    static int quantized(float x, float s, int z, TensorDataType type) {
        float q = (float) Math.rint(x / s) + (float) z;
        float least = PackedElements.least(type);
        float clamped = Math.min(q >= least ? q : least, PackedElements.greatest(type));
        return (int) clamped;
    }
}
