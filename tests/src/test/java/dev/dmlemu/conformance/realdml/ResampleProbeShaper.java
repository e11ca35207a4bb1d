package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The resamplings' probes: random input sizes, one random scale (and pixel offsets) per dimension, random
 * interpolation mode, rounding direction and antialiasing where the desc has them, and output sizes from the scales;
 * broken: arrays of another length than the DimensionCount, or a scale below FLT_EPSILON (docs/directml-behaviour.md
 * §14.4).
 */
final class ResampleProbeShaper extends OperatorShaper {

    private static final float[] SCALES = {0.25f, 0.5f, 1f, 1.5f, 2f, 3f};
    private static final float[] TOO_SMALL = {0f, -1f, 1e-8f, Float.NaN, 0x1p-23f * 0.99f};

    private final String input;
    private final String output;
    private final String countField;
    private final List<String> arrays;

    private ResampleProbeShaper(OperatorType type, String input, String output, String countField,
            List<String> arrays) {
        super(type);
        this.input = input;
        this.output = output;
        this.countField = countField;
        this.arrays = arrays;
    }

    static List<ProbeShaper> all() {
        List<String> withOffsets = List.of("Scales", "InputPixelOffsets", "OutputPixelOffsets");
        return List.of(
                new ResampleProbeShaper(OperatorType.RESAMPLE, "InputTensor", "OutputTensor", "ScaleCount",
                        List.of("Scales")),
                new ResampleProbeShaper(OperatorType.RESAMPLE1, "InputTensor", "OutputTensor", "DimensionCount",
                        withOffsets),
                new ResampleProbeShaper(OperatorType.RESAMPLE2, "InputTensor", "OutputTensor", "DimensionCount",
                        withOffsets),
                new ResampleProbeShaper(OperatorType.RESAMPLE3, "InputTensor", "OutputTensor", "DimensionCount",
                        withOffsets),
                // The gradients' OutputGradientTensor has the forward input's shape, InputGradientTensor the output's.
                new ResampleProbeShaper(OperatorType.RESAMPLE_GRAD, "OutputGradientTensor", "InputGradientTensor",
                        "DimensionCount", withOffsets),
                new ResampleProbeShaper(OperatorType.RESAMPLE_GRAD1, "OutputGradientTensor", "InputGradientTensor",
                        "DimensionCount", withOffsets));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc in = (BufferTensorDesc) values.get(input);
        BufferTensorDesc out = (BufferTensorDesc) values.get(output);
        int rank = (int) in.dimensionCount();
        long[] inSizes = new long[rank];
        long[] outSizes = new long[rank];
        List<Float> scales = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            inSizes[i] = 1 + random.nextInt(4);
            float scale = SCALES[random.nextInt(SCALES.length)];
            scales.add(scale);
            outSizes[i] = Math.max(1, (long) Math.floor(inSizes[i] * scale));
        }
        values.put(input, BufferTensorDesc.packed(in.dataType(), inSizes));
        values.put(output, BufferTensorDesc.packed(out.dataType(), outSizes));
        values.put("Scales", scales);
        for (String offsets : arrays.subList(1, arrays.size())) {
            List<Float> drawn = new ArrayList<>();
            for (int i = 0; i < rank; i++) {
                drawn.add(random.nextInt(4) * 0.5f - 0.5f);
            }
            values.put(offsets, drawn);
        }
        values.put(countField, (long) rank);
        values.put("InterpolationMode", InterpolationMode.values()[random.nextInt(InterpolationMode.values().length)]);
        values.computeIfPresent("RoundingDirection",
                (k, v) -> AxisDirection.values()[random.nextInt(AxisDirection.values().length)]);
        values.computeIfPresent("Antialiased", (k, v) -> random.nextBoolean());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        int rank = (int) ((BufferTensorDesc) values.get(input)).dimensionCount();
        if (random.nextBoolean()) {
            int length = 1 + random.nextInt(4);
            if (length == rank) {
                length = rank == 4 ? 3 : rank + 1;
            }
            for (String array : arrays) {
                @SuppressWarnings("unchecked")
                List<Float> old = (List<Float>) values.get(array);
                List<Float> resized = new ArrayList<>();
                for (int i = 0; i < length; i++) {
                    resized.add(i < old.size() ? old.get(i) : old.get(0));
                }
                values.put(array, resized);
            }
            values.put(countField, (long) length);
            return Optional.of(countField + " " + length + " for " + rank + "-D tensors");
        }
        @SuppressWarnings("unchecked")
        List<Float> scales = new ArrayList<>((List<Float>) values.get("Scales"));
        int at = random.nextInt(scales.size());
        float scale = TOO_SMALL[random.nextInt(TOO_SMALL.length)];
        scales.set(at, scale);
        values.put("Scales", scales);
        return Optional.of("Scales[" + at + "] " + scale);
    }
}
