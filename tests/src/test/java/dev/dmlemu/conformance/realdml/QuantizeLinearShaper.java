package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The element-wise quantizing operators (docs/directml-behaviour.md §14.5). ELEMENT_WISE_QUANTIZE_LINEAR and
 * _DEQUANTIZE_LINEAR: random shared Sizes, the scale and zero point broadcast the docs' way, by zero Strides over all
 * dimensions (one value), all but one (one per axis) or none; broken: the scale or zero point with the broadcast
 * dimensions' sizes 1 instead (as ONNX writes it), or the output one size off. ELEMENT_WISE_QUANTIZED_LINEAR_ADD and
 * DYNAMIC_QUANTIZE_LINEAR: random data Sizes (A, B and the output; the input and the output), every scale and zero
 * point all 1s; broken: one of them one value per element of a dimension, or a data tensor one size off.
 */
final class QuantizeLinearShaper extends OperatorShaper {

    private final List<String> data;
    private final List<String> quantization;
    /** Whether the scale and zero point have the data's Sizes (broadcast by Strides) rather than one value's. */
    private final boolean elementWiseScales;

    private QuantizeLinearShaper(OperatorType type, List<String> data, List<String> quantization,
            boolean elementWiseScales) {
        super(type);
        this.data = data;
        this.quantization = quantization;
        this.elementWiseScales = elementWiseScales;
    }

    static List<ProbeShaper> all() {
        List<String> linear = List.of("ScaleTensor", "ZeroPointTensor");
        return List.of(
                new QuantizeLinearShaper(OperatorType.ELEMENT_WISE_QUANTIZE_LINEAR,
                        List.of("InputTensor", "OutputTensor"), linear, true),
                new QuantizeLinearShaper(OperatorType.ELEMENT_WISE_DEQUANTIZE_LINEAR,
                        List.of("InputTensor", "OutputTensor"), linear, true),
                new QuantizeLinearShaper(OperatorType.ELEMENT_WISE_QUANTIZED_LINEAR_ADD,
                        List.of("ATensor", "BTensor", "OutputTensor"),
                        List.of("AScaleTensor", "AZeroPointTensor", "BScaleTensor", "BZeroPointTensor",
                                "OutputScaleTensor", "OutputZeroPointTensor"), false),
                new QuantizeLinearShaper(OperatorType.DYNAMIC_QUANTIZE_LINEAR,
                        List.of("InputTensor", "OutputTensor"),
                        List.of("OutputScaleTensor", "OutputZeroPointTensor"), false));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long[] sizes = ProbeSizes.random(ShapedValues.sizes(values, data.get(0)).size(), random);
        ProbeSizes.put(values, sizes, data.toArray(String[]::new));
        if (!elementWiseScales) {
            ProbeSizes.put(values, ones(sizes.length), quantization.toArray(String[]::new));
            return;
        }
        // One value, one per axis or one per element, read through zero Strides from a buffer that holds just those.
        int axis = random.nextInt(3) == 0 ? -1 : random.nextInt(sizes.length);
        boolean perElement = axis < 0 && random.nextBoolean();
        List<Long> shape = boxed(sizes);
        List<Long> strides = new ArrayList<>();
        for (int d = 0; d < sizes.length; d++) {
            strides.add(0L);
        }
        if (perElement) {
            long stride = 1;
            for (int d = sizes.length - 1; d >= 0; d--) {
                strides.set(d, stride);
                stride *= sizes[d];
            }
        } else if (axis >= 0) {
            strides.set(axis, 1L);
        }
        for (String field : quantization) {
            BufferTensorDesc tensor = ShapedValues.tensor(values, field);
            if (tensor != null) {
                values.put(field, BufferTensorDesc.strided(tensor.dataType(), shape, strides));
            }
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        List<Long> sizes = ShapedValues.sizes(values, data.get(0));
        if (random.nextBoolean()) {
            // A data tensor other than the first, one size off.
            String field = data.get(1 + random.nextInt(data.size() - 1));
            int at = random.nextInt(sizes.size());
            List<Long> other = new ArrayList<>(sizes);
            other.set(at, ShapedValues.other(random, sizes.get(at)));
            ShapedValues.resize(values, field, other);
            return Optional.of(field + ".Sizes " + other + " against " + data.get(0) + "'s " + sizes);
        }
        List<String> present = quantization.stream().filter(f -> ShapedValues.tensor(values, f) != null).toList();
        String field = present.get(random.nextInt(present.size()));
        List<Long> broken = boxed(ones(sizes.size()));
        int at = random.nextInt(sizes.size());
        if (elementWiseScales) {
            // Sizes 1 for the broadcast dimensions, the data's size at one: what DirectML wants as zero Strides.
            broken.set(at, sizes.get(at));
            if (broken.equals(sizes)) {
                broken.set(at, sizes.get(at) + 1);
            }
        } else {
            // One value per element along a dimension; one more than the data's so that it is never 1.
            broken.set(at, sizes.get(at) + 1);
        }
        ShapedValues.resize(values, field, broken);
        return Optional.of(field + ".Sizes " + broken + " for " + data.get(0) + "'s " + sizes);
    }

    private static long[] ones(int rank) {
        long[] ones = new long[rank];
        Arrays.fill(ones, 1);
        return ones;
    }

    private static List<Long> boxed(long[] sizes) {
        List<Long> list = new ArrayList<>();
        for (long size : sizes) {
            list.add(size);
        }
        return list;
    }
}
