package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * ROI_POOLING, ROI_ALIGN, ROI_ALIGN1, ROI_ALIGN_GRAD (docs/directml-behaviour.md §14.2): a random input, region count
 * and output size; ROITensor one row of coordinates per region behind its drawn leading 1s, BatchIndicesTensor one
 * index per region, the output (the gradient's input gradient) per region and channel, PooledSize the output's, an
 * AVERAGE or MAX reduction, scales and sample counts in range; the gradient with one output at least and InputTensor
 * where it is needed. Broken probes break one of those rules.
 */
final class RegionOfInterestShaper extends OperatorShaper {

    private RegionOfInterestShaper(OperatorType type) {
        super(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new RegionOfInterestShaper(OperatorType.ROI_POOLING),
                new RegionOfInterestShaper(OperatorType.ROI_ALIGN), new RegionOfInterestShaper(OperatorType.ROI_ALIGN1),
                new RegionOfInterestShaper(OperatorType.ROI_ALIGN_GRAD));
    }

    private boolean pooling() {
        return operatorType() == OperatorType.ROI_POOLING;
    }

    private boolean gradient() {
        return operatorType() == OperatorType.ROI_ALIGN_GRAD;
    }

    /** The tensor sampled per region: the output, or the gradient's input gradient. */
    private String perRegion() {
        return gradient() ? "InputGradientTensor" : "OutputTensor";
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long regions = 1 + random.nextInt(3);
        long[] input = ProbeSizes.random(4, random);
        long[] sampled = {regions, input[1], 1 + random.nextInt(3), 1 + random.nextInt(3)};
        if (gradient()) {
            makeGradientTensorsValid(values, random);
        }
        ProbeSizes.put(values, input, "InputTensor", "OutputGradientTensor");
        ProbeSizes.put(values, sampled, perRegion());
        List<Long> roi = ShapedValues.sizes(values, "ROITensor");
        for (int i = 0; i < roi.size() - 2; i++) {
            roi.set(i, 1L);
        }
        roi.set(roi.size() - 2, regions);
        roi.set(roi.size() - 1, pooling() ? 5L : 4L);
        ShapedValues.resize(values, "ROITensor", roi);
        if (gradient() && values.get("OutputROIGradientTensor") instanceof BufferTensorDesc gradient) {
            values.put("OutputROIGradientTensor", BufferTensorDesc.packed(gradient.dataType(),
                    roi.stream().mapToLong(Long::longValue).toArray()));
        }
        if (pooling()) {
            values.put("PooledSize", new Size2d(sampled[3], sampled[2]));
            values.put("SpatialScale", random.nextBoolean() ? 1f : 0.25f);
            return;
        }
        List<Long> batchIndices = ShapedValues.sizes(values, "BatchIndicesTensor");
        batchIndices.replaceAll(size -> 1L);
        batchIndices.set(batchIndices.size() - 1, regions);
        ShapedValues.resize(values, "BatchIndicesTensor", batchIndices);
        // MAX reads the forward input, which the gradient may leave NULL.
        boolean maxAllowed = ShapedValues.tensor(values, "InputTensor") != null;
        values.put("ReductionFunction", maxAllowed && random.nextBoolean() ? ReduceFunction.MAX
                : ReduceFunction.AVERAGE);
        values.put("InterpolationMode", InterpolationMode.values()[random.nextInt(2)]);
        values.put("SpatialScaleX", random.nextBoolean() ? 1f : 0.5f);
        values.put("SpatialScaleY", random.nextBoolean() ? 1f : 2f);
        long minimum = 1 + random.nextInt(2);
        values.put("MinimumSamplesPerOutput", minimum);
        values.put("MaximumSamplesPerOutput", minimum + random.nextInt(3));
    }

    /** One output at least, and InputTensor beside OutputROIGradientTensor. */
    private static void makeGradientTensorsValid(Map<String, Object> values, Random random) {
        TensorDesc like = (TensorDesc) values.get("InputGradientTensor");
        if (ShapedValues.tensor(values, "OutputGradientTensor") == null
                && ShapedValues.tensor(values, "OutputROIGradientTensor") == null) {
            values.put(random.nextBoolean() ? "OutputGradientTensor" : "OutputROIGradientTensor", like);
        }
        if (ShapedValues.tensor(values, "OutputROIGradientTensor") != null
                && ShapedValues.tensor(values, "InputTensor") == null) {
            values.put("InputTensor", like);
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        List<String> ways = new ArrayList<>(List.of("roi", "output"));
        if (pooling()) {
            ways.add("pooled");
        } else {
            ways.addAll(List.of("batch", "function", "scale", "samples"));
        }
        if (gradient()) {
            ways.add("missing");
            if (ShapedValues.tensor(values, "InputTensor") != null
                    && ShapedValues.tensor(values, "OutputGradientTensor") != null) {
                ways.add("outputGradient");
            }
            if (ShapedValues.tensor(values, "OutputROIGradientTensor") != null) {
                ways.add("roiGradient");
            }
        }
        String way = ways.get(random.nextInt(ways.size()));
        switch (way) {
            case "roi" -> {
                List<Long> roi = ShapedValues.sizes(values, "ROITensor");
                int at = roi.size() > 2 && random.nextBoolean() ? random.nextInt(roi.size() - 2) : roi.size() - 1;
                roi.set(at, ShapedValues.other(random, roi.get(at)));
                ShapedValues.resize(values, "ROITensor", roi);
                return Optional.of("ROITensor.Sizes[" + at + "] " + roi.get(at));
            }
            case "batch" -> {
                List<Long> indices = ShapedValues.sizes(values, "BatchIndicesTensor");
                int at = random.nextInt(indices.size());
                indices.set(at, ShapedValues.other(random, indices.get(at)));
                ShapedValues.resize(values, "BatchIndicesTensor", indices);
                return Optional.of("BatchIndicesTensor.Sizes[" + at + "] " + indices.get(at));
            }
            case "output" -> {
                List<Long> sampled = ShapedValues.sizes(values, perRegion());
                int at = random.nextInt(2);
                sampled.set(at, ShapedValues.other(random, sampled.get(at)));
                ShapedValues.resize(values, perRegion(), sampled);
                return Optional.of(perRegion() + ".Sizes[" + at + "] " + sampled.get(at));
            }
            case "pooled" -> {
                Size2d pooled = (Size2d) values.get("PooledSize");
                Size2d broken = random.nextBoolean() ? new Size2d(ShapedValues.other(random, pooled.width()),
                        pooled.height()) : new Size2d(pooled.width(), ShapedValues.other(random, pooled.height()));
                values.put("PooledSize", broken);
                return Optional.of("PooledSize " + broken);
            }
            case "function" -> {
                values.put("ReductionFunction", ReduceFunction.SUM);
                return Optional.of("ReductionFunction SUM");
            }
            case "scale" -> {
                String field = random.nextBoolean() ? "SpatialScaleX" : "SpatialScaleY";
                float scale = random.nextBoolean() ? -1f : Float.POSITIVE_INFINITY;
                values.put(field, scale);
                return Optional.of(field + " " + scale);
            }
            case "samples" -> {
                long maximum = (Long) values.get("MaximumSamplesPerOutput");
                long minimum = random.nextBoolean() ? 0 : maximum + 1;
                values.put("MinimumSamplesPerOutput", minimum);
                return Optional.of("MinimumSamplesPerOutput " + minimum + " with MaximumSamplesPerOutput " + maximum);
            }
            case "missing" -> {
                if (ShapedValues.tensor(values, "InputTensor") != null && random.nextBoolean()) {
                    values.put("InputTensor", TensorDesc.NULL);
                    values.put("ReductionFunction", ReduceFunction.MAX);
                    return Optional.of("InputTensor NULL with ReductionFunction MAX");
                }
                values.put("OutputGradientTensor", TensorDesc.NULL);
                values.put("OutputROIGradientTensor", TensorDesc.NULL);
                return Optional.of("no OutputGradientTensor nor OutputROIGradientTensor");
            }
            case "outputGradient" -> {
                List<Long> gradient = ShapedValues.sizes(values, "OutputGradientTensor");
                int at = random.nextInt(gradient.size());
                gradient.set(at, ShapedValues.other(random, gradient.get(at)));
                ShapedValues.resize(values, "OutputGradientTensor", gradient);
                return Optional.of("OutputGradientTensor.Sizes[" + at + "] " + gradient.get(at));
            }
            default -> {
                List<Long> gradient = ShapedValues.sizes(values, "OutputROIGradientTensor");
                int at = random.nextInt(gradient.size());
                gradient.set(at, ShapedValues.other(random, gradient.get(at)));
                ShapedValues.resize(values, "OutputROIGradientTensor", gradient);
                return Optional.of("OutputROIGradientTensor.Sizes[" + at + "] " + gradient.get(at));
            }
        }
    }
}
