package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MeanVarianceNormalization1OperatorDesc;
import dev.dmlemu.desc.MeanVarianceNormalization2OperatorDesc;
import dev.dmlemu.desc.MeanVarianceNormalizationOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.Function;

/**
 * The mean variance normalizations: OutputTensor has InputTensor's Sizes, every axis normalized over names an input
 * dimension, and ScaleTensor and BiasTensor (each optional on its own) broadcast to InputTensor (their docs pages;
 * measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5). MEAN_VARIANCE_NORMALIZATION1 and 2 list their
 * axes; the first version has none to check: CrossChannel and NormalizeVariance are free flags (either value accepted
 * with any shapes) over an input the tables keep 4-D.
 *
 * @param <D> the operator's desc record
 */
public final class NormalizationOverAxes<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final Function<D, List<Long>> axes;

    private NormalizationOverAxes(OperatorType type, Class<D> descType, Function<D, List<Long>> axes) {
        super(type, descType);
        this.axes = axes;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new NormalizationOverAxes<>(OperatorType.MEAN_VARIANCE_NORMALIZATION,
                        MeanVarianceNormalizationOperatorDesc.class, desc -> List.of()),
                new NormalizationOverAxes<>(OperatorType.MEAN_VARIANCE_NORMALIZATION1,
                        MeanVarianceNormalization1OperatorDesc.class, MeanVarianceNormalization1OperatorDesc::axes),
                new NormalizationOverAxes<>(OperatorType.MEAN_VARIANCE_NORMALIZATION2,
                        MeanVarianceNormalization2OperatorDesc.class, MeanVarianceNormalization2OperatorDesc::axes));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        Broadcast.sameSizes("OutputTensor", check.required("OutputTensor"), "InputTensor", input.sizes(), check);
        AxesWithinRank.checkAxes(axes.apply(desc), input.dimensionCount(), check);
        for (String field : List.of("ScaleTensor", "BiasTensor")) {
            check.tensor(field).ifPresent(tensor -> Broadcast.toSizes(field, tensor, "InputTensor", input.sizes(),
                    check));
        }
    }
}
