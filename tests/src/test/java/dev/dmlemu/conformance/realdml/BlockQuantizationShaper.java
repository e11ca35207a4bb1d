package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizationType;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * QUANTIZE and DEQUANTIZE: SCALE with a scale, or SCALE_ZERO_POINT with a scale and a zero point; random input sizes
 * (output the same), scale sizes dividing them, the scale of the float tensor's DataType, the zero point of the
 * quantized tensor's and the scale's Sizes (docs/directml-behaviour.md §14.5).
 */
final class BlockQuantizationShaper extends OperatorShaper {

    private final String floatTensor;
    private final String quantizedTensor;

    private BlockQuantizationShaper(OperatorType type, String floatTensor, String quantizedTensor) {
        super(type);
        this.floatTensor = floatTensor;
        this.quantizedTensor = quantizedTensor;
    }

    static List<ProbeShaper> all() {
        return List.of(new BlockQuantizationShaper(OperatorType.QUANTIZE, "InputTensor", "OutputTensor"),
                new BlockQuantizationShaper(OperatorType.DEQUANTIZE, "OutputTensor", "InputTensor"));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long[] sizes = ProbeSizes.random(((BufferTensorDesc) values.get("InputTensor")).sizes().size(), random);
        ProbeSizes.put(values, sizes, "InputTensor", "OutputTensor");
        long[] blocks = new long[sizes.length];
        for (int d = 0; d < sizes.length; d++) {
            List<Long> divisors = new ArrayList<>();
            for (long v = 1; v <= sizes[d]; v++) {
                if (sizes[d] % v == 0) {
                    divisors.add(v);
                }
            }
            blocks[d] = divisors.get(random.nextInt(divisors.size()));
        }
        putQuantization(values, random.nextBoolean() ? QuantizationType.SCALE : QuantizationType.SCALE_ZERO_POINT,
                blocks);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long[] sizes = ProbeSizes.of((BufferTensorDesc) values.get("InputTensor"));
        QuantizationType quantization = (QuantizationType) values.get("QuantizationType");
        if (random.nextInt(3) == 0) {
            values.put("QuantizationType", QuantizationType.NONE);
            return Optional.of("QuantizationType NONE");
        }
        long[] blocks = new long[sizes.length];
        Arrays.fill(blocks, 1);
        int at = random.nextInt(sizes.length);
        blocks[at] = sizes[at] + 1;
        putQuantization(values, quantization, blocks);
        return Optional.of("scale Sizes " + Arrays.toString(blocks) + " for the input's " + Arrays.toString(sizes));
    }

    private void putQuantization(Map<String, Object> values, QuantizationType quantization, long[] blocks) {
        List<TensorDesc> tensors = new ArrayList<>();
        tensors.add(BufferTensorDesc.packed(((BufferTensorDesc) values.get(floatTensor)).dataType(), blocks));
        if (quantization == QuantizationType.SCALE_ZERO_POINT) {
            tensors.add(BufferTensorDesc.packed(((BufferTensorDesc) values.get(quantizedTensor)).dataType(), blocks));
        }
        values.put("QuantizationType", quantization);
        values.put("QuantizationTensors", tensors);
        values.put("QuantizationTensorCount", (long) tensors.size());
    }
}
