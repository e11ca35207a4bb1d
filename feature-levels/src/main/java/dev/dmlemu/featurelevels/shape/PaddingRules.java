package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Padding1OperatorDesc;
import dev.dmlemu.desc.PaddingOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * PADDING and PADDING1: one start and end padding per dimension, {@code Output = Input + Start + End}, and PADDING1's
 * value in the tensors' data type. No mode limits the padding's size at CreateOperator (measured on DirectML.dll
 * 1.15.4, docs/directml-behaviour.md §14.3).
 */
final class PaddingRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    /** The fields the rules read. */
    record Padding(long dimensionCount, List<Long> start, List<Long> end, Optional<TensorDataType> valueType) {}

    private final Function<D, Padding> padding;

    private PaddingRules(OperatorType type, Class<D> descType, Function<D, Padding> padding) {
        super(type, descType);
        this.padding = padding;
    }

    static PaddingRules<PaddingOperatorDesc> padding() {
        return new PaddingRules<>(OperatorType.PADDING, PaddingOperatorDesc.class, d -> new Padding(
                d.dimensionCount(), d.startPadding(), d.endPadding(), Optional.empty()));
    }

    static PaddingRules<Padding1OperatorDesc> padding1() {
        return new PaddingRules<>(OperatorType.PADDING1, Padding1OperatorDesc.class, d -> new Padding(
                d.dimensionCount(), d.startPadding(), d.endPadding(), Optional.of(d.paddingValueDataType())));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        Padding p = padding.apply(desc);
        BufferTensorDesc input = check.required("InputTensor");
        BufferTensorDesc output = check.required("OutputTensor");
        p.valueType().filter(valueType -> valueType != input.dataType()).ifPresent(valueType -> check.report(
                RuleId.VALUE_DATA_TYPE_MISMATCH, "PaddingValueDataType", "expected " + input.dataType().name()
                        + " (InputTensor.DataType) but got " + valueType.name()));
        if (!PerDimensionCount.matches(check, "DimensionCount", p.dimensionCount(), "InputTensor", input)) {
            return;
        }
        for (int i = 0; i < p.dimensionCount(); i++) {
            // UINT32 sizes and paddings: the sum fits in a long.
            long expected = Math.addExact(Math.addExact(input.sizes().get(i), p.start().get(i)), p.end().get(i));
            if (output.sizes().get(i) != expected) {
                check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[" + i + "]", "expected " + expected
                        + " (InputTensor.Sizes + StartPadding + EndPadding = " + input.sizes().get(i) + " + "
                        + p.start().get(i) + " + " + p.end().get(i) + ") but got " + output.sizes().get(i));
            }
        }
    }
}
