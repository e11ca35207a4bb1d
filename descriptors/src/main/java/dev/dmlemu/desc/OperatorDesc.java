package dev.dmlemu.desc;

import java.util.List;

/** {@code DML_OPERATOR_DESC}: a tagged union whose tag is {@link #operatorType()}. */
public sealed interface OperatorDesc permits GatherElementsOperatorDesc, GatherOperatorDesc,
        GatherNdOperatorDesc, GatherNd1OperatorDesc, ScatterElementsOperatorDesc, ScatterNdOperatorDesc {

    /** The union tag, {@code DML_OPERATOR_DESC::Type}. */
    OperatorType operatorType();

    /** The operator's tensor fields in C field order, each with its C name and kind. */
    List<TensorField> tensorFields();
}
