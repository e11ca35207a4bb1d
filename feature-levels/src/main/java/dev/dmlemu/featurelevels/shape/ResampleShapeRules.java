package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.Resample2OperatorDesc;
import dev.dmlemu.desc.Resample3OperatorDesc;
import dev.dmlemu.desc.ResampleGrad1OperatorDesc;
import dev.dmlemu.desc.ResampleGradOperatorDesc;
import dev.dmlemu.desc.ResampleOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The resamplings' rules beyond their tables, shared by RESAMPLE to RESAMPLE3 and RESAMPLE_GRAD, RESAMPLE_GRAD1, as
 * DirectML.dll 1.15.4 refuses (docs/directml-behaviour.md §14.4): one scale (and pixel offset) per dimension of the
 * tensors, and every scale at least FLT_EPSILON. The output sizes need not follow the scales.
 *
 * @param <D> the operator's desc record
 */
public final class ResampleShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    /** FLT_EPSILON, 2^-23: the smallest scale DirectML.dll 1.15.4 accepts. */
    static final float SMALLEST_SCALE = 0x1p-23f;

    private final String tensorField;
    private final String countField;
    private final ToLongFunction<D> count;
    private final Function<D, List<Float>> scales;
    private final Coverage coverage;

    private ResampleShapeRules(OperatorType type, Class<D> descType, String tensorField, String countField,
            ToLongFunction<D> count, Function<D, List<Float>> scales, Coverage coverage) {
        super(type, descType);
        this.tensorField = tensorField;
        this.countField = countField;
        this.count = count;
        this.scales = scales;
        this.coverage = coverage;
    }

    /** The six resamplings. */
    public static List<ShapeRules<?>> all() {
        return List.of(
                new ResampleShapeRules<>(OperatorType.RESAMPLE, ResampleOperatorDesc.class, "InputTensor",
                        "ScaleCount", ResampleOperatorDesc::scaleCount, ResampleOperatorDesc::scales,
                        Coverage.COMPLETE),
                new ResampleShapeRules<>(OperatorType.RESAMPLE1, Resample1OperatorDesc.class, "InputTensor",
                        "DimensionCount", Resample1OperatorDesc::dimensionCount, Resample1OperatorDesc::scales,
                        Coverage.COMPLETE),
                new ResampleShapeRules<>(OperatorType.RESAMPLE2, Resample2OperatorDesc.class, "InputTensor",
                        "DimensionCount", Resample2OperatorDesc::dimensionCount, Resample2OperatorDesc::scales,
                        Coverage.COMPLETE),
                new ResampleShapeRules<>(OperatorType.RESAMPLE3, Resample3OperatorDesc.class, "InputTensor",
                        "DimensionCount", Resample3OperatorDesc::dimensionCount, Resample3OperatorDesc::scales,
                        Coverage.COMPLETE),
                new ResampleShapeRules<>(OperatorType.RESAMPLE_GRAD, ResampleGradOperatorDesc.class,
                        "InputGradientTensor", "DimensionCount", ResampleGradOperatorDesc::dimensionCount,
                        ResampleGradOperatorDesc::scales, Coverage.COMPLETE),
                new ResampleShapeRules<>(OperatorType.RESAMPLE_GRAD1, ResampleGrad1OperatorDesc.class,
                        "InputGradientTensor", "DimensionCount", ResampleGrad1OperatorDesc::dimensionCount,
                        ResampleGrad1OperatorDesc::scales, Coverage.COMPLETE));
    }

    @Override
    public Coverage coverage() {
        return coverage;
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        // The tables already made the input and output DimensionCounts equal.
        BufferTensorDesc tensor = check.required(tensorField);
        if (count.applyAsLong(desc) != tensor.dimensionCount()) {
            check.report(RuleId.DIMENSION_ARRAY_LENGTH, countField, count.applyAsLong(desc) + " but " + tensorField
                    + ".DimensionCount is " + tensor.dimensionCount());
        }
        List<Float> values = scales.apply(desc);
        for (int i = 0; i < values.size(); i++) {
            float scale = values.get(i);
            // Written so that NaN fails too.
            if (!(scale >= SMALLEST_SCALE)) {
                check.report(RuleId.SCALE_OUT_OF_RANGE, "Scales[" + i + "]", scale + " is below FLT_EPSILON "
                        + SMALLEST_SCALE);
            }
        }
    }
}
