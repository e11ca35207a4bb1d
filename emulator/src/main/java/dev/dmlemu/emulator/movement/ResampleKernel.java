package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.Resample2OperatorDesc;
import dev.dmlemu.desc.Resample3OperatorDesc;
import dev.dmlemu.desc.ResampleOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.Upsample2dOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.Collections;
import java.util.List;

/**
 * UPSAMPLE_2D and RESAMPLE to RESAMPLE3 in nearest-neighbour mode: each output element is the input element whose
 * coordinate along each dimension the operator's rounding picks ({@link NearestRounding}; UPSAMPLE_2D divides by its
 * integer scale). A separable gather: per dimension a table of source coordinates, then rows of element copies, bytes
 * unchanged. RESAMPLE to RESAMPLE3 in LINEAR mode on FLOAT32 interpolate ({@link LinearResampleExecution},
 * docs/directml-behaviour.md §16.11); UPSAMPLE_2D's LINEAR mode, LINEAR on other types and antialiased RESAMPLE3 are
 * refused at prepare, and so is FLOAT16 resampling (its rounding was not measurable).
 */
public final class ResampleKernel implements OperatorKernel {

    private final OperatorType type;

    private ResampleKernel(OperatorType type) {
        this.type = type;
    }

    /** One per operator: UPSAMPLE_2D, RESAMPLE, RESAMPLE1, RESAMPLE2, RESAMPLE3. */
    public static List<ResampleKernel> all() {
        return List.of(OperatorType.UPSAMPLE_2D, OperatorType.RESAMPLE, OperatorType.RESAMPLE1,
                OperatorType.RESAMPLE2, OperatorType.RESAMPLE3).stream().map(ResampleKernel::new).toList();
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    /** The per-dimension fields of a resampling desc; UPSAMPLE_2D has none of them (its scales are integers). */
    private record Resampling(InterpolationMode mode, long dimensionCount, List<Float> scales,
            List<Float> inputOffsets, List<Float> outputOffsets, NearestRounding rounding) {

        Resampling withRounding(NearestRounding other) {
            return new Resampling(mode, dimensionCount, scales, inputOffsets, outputOffsets, other);
        }
    }

    private static Resampling read(OperatorDesc desc) {
        if (desc instanceof ResampleOperatorDesc d) {
            return new Resampling(d.interpolationMode(), d.scaleCount(), d.scales(), halves(d.scaleCount(), 0.5f),
                    halves(d.scaleCount(), -0.5f), NearestRounding.HALF_UP);
        }
        if (desc instanceof Resample1OperatorDesc d) {
            return new Resampling(d.interpolationMode(), d.dimensionCount(), d.scales(), d.inputPixelOffsets(),
                    d.outputPixelOffsets(), NearestRounding.HALF_UP);
        }
        if (desc instanceof Resample2OperatorDesc d) {
            return new Resampling(d.interpolationMode(), d.dimensionCount(), d.scales(), d.inputPixelOffsets(),
                    d.outputPixelOffsets(), NearestRounding.of(d.roundingDirection()));
        }
        Resample3OperatorDesc d = (Resample3OperatorDesc) desc;
        return new Resampling(d.interpolationMode(), d.dimensionCount(), d.scales(), d.inputPixelOffsets(),
                d.outputPixelOffsets(), NearestRounding.of(d.roundingDirection()));
    }

    /** RESAMPLE samples pixel centres: RESAMPLE1 with input offsets 0.5 and output offsets -0.5 (measured). */
    private static List<Float> halves(long count, float value) {
        return Collections.nCopies((int) Math.min(count, 8), value);
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, input);
        long[] in = Shapes.sizes(input);
        long[] out = Shapes.sizes(output);
        Shapes.requireRank(type, "OutputTensor", in.length, out.length);
        long[][] sources;
        if (operator.desc() instanceof Upsample2dOperatorDesc upsample) {
            sources = upsampleSources(upsample, in, out);
        } else {
            if (input.dataType() == TensorDataType.FLOAT16) {
                // The rounding depends on the data type (§16.9), and the referee's device has no FLOAT16.
                throw Shapes.refuse(type, "FLOAT16 resampling was not measured on the real DLL");
            }
            Resampling resampling = read(operator.desc());
            if (resampling.mode() == InterpolationMode.LINEAR) {
                return linear(operator.desc(), resampling, input, output, in, out);
            }
            if (resampling.rounding() == NearestRounding.HALF_UP && !input.dataType().isFloatingPoint()) {
                // Measured: RESAMPLE and RESAMPLE1 round INT8 and UINT8 coordinates down, FLOAT32 ones half up.
                resampling = resampling.withRounding(NearestRounding.DOWN);
            }
            sources = resampleSources(resampling, in, out);
        }
        return new NearestGatherExecution(operator.desc(), NearestGather.of(in, out, Shapes.strides(input),
                Shapes.strides(output), elementSize, sources), parallelism.forOutput(output));
    }

    /** LINEAR mode: FLOAT32 only (the integer types' rounding was not measured), RESAMPLE3 without antialiasing. */
    private OperatorExecution linear(OperatorDesc desc, Resampling r, BufferTensorDesc input, BufferTensorDesc output,
            long[] in, long[] out) {
        if (input.dataType() != TensorDataType.FLOAT32) {
            throw Shapes.refuse(type, "LINEAR resampling of " + input.dataType() + " was not measured (FLOAT32 was)");
        }
        if (desc instanceof Resample3OperatorDesc d && d.antialiased()) {
            throw Shapes.refuse(type, "antialiased LINEAR resampling was not measured");
        }
        Shapes.requireRank(type, "InputTensor", r.dimensionCount(), in.length);
        Shapes.requireLength(type, "Scales", r.scales(), in.length);
        Shapes.requireLength(type, "InputPixelOffsets", r.inputOffsets(), in.length);
        Shapes.requireLength(type, "OutputPixelOffsets", r.outputOffsets(), in.length);
        for (int d = 0; d < in.length; d++) {
            boolean centres = r.inputOffsets().get(d) == 0.5f && r.outputOffsets().get(d) == -0.5f;
            boolean unscaled = r.scales().get(d) == 1f && r.inputOffsets().get(d) == 0f
                    && r.outputOffsets().get(d) == 0f;
            if (!(centres || unscaled) || d < in.length - 2 && r.scales().get(d) != 1f) {
                // Measured: other offsets, and scaled leading dimensions, give other outputs than this rule.
                throw Shapes.refuse(type, "LINEAR resampling is modelled with pixel-centre offsets (0.5 in, -0.5 out)"
                        + " and scales on the last two dimensions only; dimension " + d + " has scale "
                        + r.scales().get(d) + " and offsets " + r.inputOffsets().get(d) + ", "
                        + r.outputOffsets().get(d));
            }
        }
        return new LinearResampleExecution(desc, in, out, Shapes.strides(input), Shapes.strides(output),
                floats(r.scales()), floats(r.inputOffsets()), floats(r.outputOffsets()));
    }

    private static float[] floats(List<Float> values) {
        float[] result = new float[values.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = values.get(i);
        }
        return result;
    }

    private long[][] resampleSources(Resampling r, long[] in, long[] out) {
        if (r.mode() != InterpolationMode.NEAREST_NEIGHBOR) {
            throw Shapes.refuse(type, "the emulator runs NEAREST_NEIGHBOR only, not " + r.mode().cName());
        }
        Shapes.requireRank(type, "InputTensor", r.dimensionCount(), in.length);
        Shapes.requireLength(type, "Scales", r.scales(), in.length);
        Shapes.requireLength(type, "InputPixelOffsets", r.inputOffsets(), in.length);
        Shapes.requireLength(type, "OutputPixelOffsets", r.outputOffsets(), in.length);
        long[][] sources = new long[in.length][];
        for (int d = 0; d < in.length; d++) {
            sources[d] = new long[Math.toIntExact(out[d])];
            for (int o = 0; o < sources[d].length; o++) {
                sources[d][o] = r.rounding().source(o, r.scales().get(d), r.inputOffsets().get(d),
                        r.outputOffsets().get(d), in[d]);
            }
        }
        return sources;
    }

    private long[][] upsampleSources(Upsample2dOperatorDesc desc, long[] in, long[] out) {
        if (desc.interpolationMode() != InterpolationMode.NEAREST_NEIGHBOR) {
            throw Shapes.refuse(type, "the emulator runs NEAREST_NEIGHBOR only, not "
                    + desc.interpolationMode().cName());
        }
        int rank = in.length;
        long[][] sources = new long[rank][];
        for (int d = 0; d < rank; d++) {
            long scale = d == rank - 1 ? desc.scaleSize().width() : d == rank - 2 ? desc.scaleSize().height() : 1;
            sources[d] = new long[Math.toIntExact(out[d])];
            for (int o = 0; o < sources[d].length; o++) {
                // The validator has checked out = in * scale, so o / scale lies inside the input.
                sources[d][o] = o / scale;
            }
        }
        return sources;
    }
}
