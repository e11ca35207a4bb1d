package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Slice1OperatorDesc;
import dev.dmlemu.desc.SliceGradOperatorDesc;
import dev.dmlemu.desc.SliceOperatorDesc;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.function.Function;

/**
 * SLICE, SLICE1 and SLICE_GRAD: one window per dimension of the sliced tensor, judged by the operator's
 * {@link SliceFormula} (docs/directml-behaviour.md §14.3).
 */
final class SliceRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final SliceFormula formula;
    private final Function<D, SliceWindows> windows;

    private SliceRules(OperatorType type, Class<D> descType, SliceFormula formula, Function<D, SliceWindows> windows) {
        super(type, descType);
        this.formula = formula;
        this.windows = windows;
    }

    static SliceRules<SliceOperatorDesc> slice() {
        return new SliceRules<>(OperatorType.SLICE, SliceOperatorDesc.class, SliceFormula.SLICE,
                d -> new SliceWindows("InputTensor", "OutputTensor", "", d.dimensionCount(), d.offsets(), d.sizes(),
                        d.strides()));
    }

    static SliceRules<Slice1OperatorDesc> slice1() {
        return new SliceRules<>(OperatorType.SLICE1, Slice1OperatorDesc.class, SliceFormula.SLICE1,
                d -> new SliceWindows("InputTensor", "OutputTensor", "InputWindow", d.dimensionCount(),
                        d.inputWindowOffsets(), d.inputWindowSizes(), SliceWindows.widened(d.inputWindowStrides())));
    }

    static SliceRules<SliceGradOperatorDesc> sliceGrad() {
        return new SliceRules<>(OperatorType.SLICE_GRAD, SliceGradOperatorDesc.class, SliceFormula.SLICE_GRAD,
                d -> new SliceWindows("OutputGradientTensor", "InputGradientTensor", "InputWindow",
                        d.dimensionCount(), d.inputWindowOffsets(), d.inputWindowSizes(),
                        SliceWindows.widened(d.inputWindowStrides())));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        SliceWindows w = windows.apply(desc);
        BufferTensorDesc sliced = check.required(w.slicedField());
        BufferTensorDesc slice = check.required(w.sliceField());
        if (!PerDimensionCount.matches(check, "DimensionCount", w.dimensionCount(), w.slicedField(), sliced)) {
            return;
        }
        for (int i = 0; i < w.dimensionCount(); i++) {
            formula.check(check, w, i, sliced.sizes().get(i), slice.sizes().get(i), w.offsets().get(i),
                    w.sizes().get(i), w.strides().get(i));
        }
    }
}
