package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Size2d;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * UPSAMPLE_2D's probes: random input sizes, ScaleSize 1 to 3 each way, a random interpolation mode and the output
 * they give; broken: one output size off (docs/directml-behaviour.md §14.4).
 */
final class Upsample2dProbeShaper extends OperatorShaper {

    Upsample2dProbeShaper() {
        super(OperatorType.UPSAMPLE_2D);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc in = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc out = (BufferTensorDesc) values.get("OutputTensor");
        int rank = (int) in.dimensionCount();
        long width = 1 + random.nextInt(3);
        long height = 1 + random.nextInt(3);
        long[] sizes = new long[rank];
        for (int i = 0; i < rank; i++) {
            sizes[i] = 1 + random.nextInt(3);
        }
        long[] scaled = sizes.clone();
        scaled[rank - 2] *= height;
        scaled[rank - 1] *= width;
        values.put("InputTensor", BufferTensorDesc.packed(in.dataType(), sizes));
        values.put("OutputTensor", BufferTensorDesc.packed(out.dataType(), scaled));
        values.put("ScaleSize", new Size2d(width, height));
        values.put("InterpolationMode", InterpolationMode.values()[random.nextInt(InterpolationMode.values().length)]);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc out = (BufferTensorDesc) values.get("OutputTensor");
        long[] sizes = out.sizes().stream().mapToLong(Long::longValue).toArray();
        int at = random.nextInt(sizes.length);
        sizes[at] += 1;
        values.put("OutputTensor", BufferTensorDesc.packed(out.dataType(), sizes));
        return Optional.of("OutputTensor.Sizes[" + at + "] " + sizes[at] + " for ScaleSize " + values.get("ScaleSize"));
    }
}
