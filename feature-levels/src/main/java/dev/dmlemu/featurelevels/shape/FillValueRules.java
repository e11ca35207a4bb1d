package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.FillValueConstantOperatorDesc;
import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.function.Function;

/**
 * FILL_VALUE_CONSTANT and FILL_VALUE_SEQUENCE: the values are given in the output's data type (ValueDataType is
 * OutputTensor.DataType; measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3). Nothing else about the
 * output is checked: any in-table shape is accepted.
 */
final class FillValueRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final Function<D, TensorDataType> valueType;

    private FillValueRules(OperatorType type, Class<D> descType, Function<D, TensorDataType> valueType) {
        super(type, descType);
        this.valueType = valueType;
    }

    static FillValueRules<FillValueConstantOperatorDesc> constant() {
        return new FillValueRules<>(OperatorType.FILL_VALUE_CONSTANT, FillValueConstantOperatorDesc.class,
                FillValueConstantOperatorDesc::valueDataType);
    }

    static FillValueRules<FillValueSequenceOperatorDesc> sequence() {
        return new FillValueRules<>(OperatorType.FILL_VALUE_SEQUENCE, FillValueSequenceOperatorDesc.class,
                FillValueSequenceOperatorDesc::valueDataType);
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        TensorDataType output = check.required("OutputTensor").dataType();
        TensorDataType value = valueType.apply(desc);
        if (value != output) {
            check.report(RuleId.VALUE_DATA_TYPE_MISMATCH, "ValueDataType", "expected " + output.name()
                    + " (OutputTensor.DataType) but got " + value.name());
        }
    }
}
