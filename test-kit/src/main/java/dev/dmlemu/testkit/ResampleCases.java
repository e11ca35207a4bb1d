package dev.dmlemu.testkit;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.Resample2OperatorDesc;
import dev.dmlemu.desc.Resample3OperatorDesc;
import dev.dmlemu.desc.ResampleOperatorDesc;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.Upsample2dOperatorDesc;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded valid nearest-neighbour cases of UPSAMPLE_2D (4-D and 5-D, integer scales 1 to 3) and RESAMPLE to RESAMPLE3
 * at 6_4 (ranks 1 to 4; per dimension a scale from a list of ratios, halves among them, or any float from 0.2 to 4;
 * pixel offsets from 0, ±0.5, 0.25, 1, -1.5 or any float, so that source coordinates fall on ties, below 0 and past
 * the input; output sizes {@code floor(input * scale)} or one off; both rounding directions; RESAMPLE3 antialiased or
 * not). Tensors are laid out as every kit generator lays them; the data types are the tables' (FLOAT32, INT8, UINT8
 * for RESAMPLE, FLOAT16 left out; FLOAT32, FLOAT16 for UPSAMPLE_2D) narrowed by the options.
 */
public final class ResampleCases {

    /** The operators this generator draws. */
    public static final List<OperatorType> OPERATORS = List.of(OperatorType.UPSAMPLE_2D, OperatorType.RESAMPLE,
            OperatorType.RESAMPLE1, OperatorType.RESAMPLE2, OperatorType.RESAMPLE3);

    /**
     * Ratios whose coordinates land on ties. Not 1/3: the device's FLOAT32 arithmetic there is one unit in the last
     * place off the emulator's now and then (docs/directml-behaviour.md §16.9).
     */
    private static final float[] SCALES = {0.25f, 0.5f, 0.75f, 1f, 1.5f, 2f, 3f, 2.5f, 0.3f, 0.7f, 1.25f, 4f};
    private static final float[] OFFSETS = {0f, 0.5f, -0.5f, 0.25f, 1f, -1.5f};

    private final CaseOptions options;

    public ResampleCases(CaseOptions options) {
        this.options = options;
    }

    public MovementCase generate(OperatorType operator, long seed) {
        Random r = new Random(seed);
        boolean upsample = operator == OperatorType.UPSAMPLE_2D;
        // FLOAT16 resampling rounds in a way the device could not show (it lacks FLOAT16): UPSAMPLE_2D only.
        List<TensorDataType> tableTypes = upsample ? List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT16)
                : List.of(TensorDataType.FLOAT32, TensorDataType.INT8, TensorDataType.UINT8);
        List<TensorDataType> allowed = tableTypes.stream().filter(options.dataTypes()::contains).toList();
        TensorDataType type = allowed.get(r.nextInt(allowed.size()));
        int rank = upsample ? 4 + r.nextInt(2) : 1 + r.nextInt(4);
        long[] in = new long[rank];
        long[] out = new long[rank];
        List<Float> scales = new ArrayList<>();
        List<Float> inputOffsets = new ArrayList<>();
        List<Float> outputOffsets = new ArrayList<>();
        long width = 1 + r.nextInt(3);
        long height = 1 + r.nextInt(3);
        for (int d = 0; d < rank; d++) {
            in[d] = 1 + r.nextInt(rank > 2 ? 5 : 9);
            if (upsample) {
                out[d] = in[d] * (d == rank - 1 ? width : d == rank - 2 ? height : 1);
                continue;
            }
            float scale = r.nextInt(4) == 0 ? 0.2f + r.nextFloat() * 3.8f : SCALES[r.nextInt(SCALES.length)];
            scales.add(scale);
            inputOffsets.add(offset(r));
            outputOffsets.add(offset(r));
            int off = r.nextInt(8);
            out[d] = Math.max(1, (long) Math.floor(in[d] * scale) + (off == 0 ? 1 : off == 1 ? -1 : 0));
        }
        BufferTensorDesc input = TensorDraws.tensor(r, type, in, TensorDraws.strides(r, in, Role.INPUT,
                options.layout()), options.layout());
        BufferTensorDesc output = TensorDraws.tensor(r, type, out, TensorDraws.strides(r, out, Role.OUTPUT,
                options.layout()), options.layout());
        InterpolationMode nearest = InterpolationMode.NEAREST_NEIGHBOR;
        AxisDirection direction = r.nextBoolean() ? AxisDirection.INCREASING : AxisDirection.DECREASING;
        OperatorDesc desc = switch (operator) {
            case UPSAMPLE_2D -> new Upsample2dOperatorDesc(input, output, new Size2d(width, height), nearest);
            case RESAMPLE -> new ResampleOperatorDesc(input, output, nearest, rank, scales);
            case RESAMPLE1 -> new Resample1OperatorDesc(input, output, nearest, rank, scales, inputOffsets,
                    outputOffsets);
            case RESAMPLE2 -> new Resample2OperatorDesc(input, output, nearest, direction, rank, scales,
                    inputOffsets, outputOffsets);
            case RESAMPLE3 -> new Resample3OperatorDesc(input, output, nearest, direction, rank, scales,
                    inputOffsets, outputOffsets, r.nextBoolean());
            default -> throw new IllegalArgumentException("no resampling cases for " + operator);
        };
        return new MovementCase(desc, List.of(TensorDraws.place(r, input, Role.INPUT, options.placement(),
                options.elementValues())), List.of(TensorDraws.place(r, output, Role.OUTPUT, options.placement(),
                options.elementValues())));
    }

    private static float offset(Random r) {
        return r.nextInt(5) == 0 ? (float) (r.nextGaussian() * 2) : OFFSETS[r.nextInt(OFFSETS.length)];
    }
}
