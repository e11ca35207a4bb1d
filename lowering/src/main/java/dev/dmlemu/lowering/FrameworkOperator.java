package dev.dmlemu.lowering;

import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.OptionalLong;

/**
 * The framework operators this module lowers, each onto its DirectML operator, with the record that holds such a
 * node. It is the one place that knows which node record goes with which operator.
 */
public enum FrameworkOperator {
    /** ONNX GatherElements and OpenVINO GatherElements, onto {@code DML_OPERATOR_GATHER_ELEMENTS}. */
    GATHER_ELEMENTS("GatherElements", OperatorType.GATHER_ELEMENTS, GatherElementsNode::new),
    /** ONNX Gather and OpenVINO Gather, onto {@code DML_OPERATOR_GATHER}. */
    GATHER("Gather", OperatorType.GATHER, GatherNode::new);

    /** The canonical constructor of a node record. */
    @FunctionalInterface
    interface NodeConstructor {
        FrameworkNode create(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
                ElementType indicesType, OptionalLong axis, IndexSign indexSign);
    }

    private final String displayName;
    private final OperatorType dmlOperator;
    private final NodeConstructor constructor;

    FrameworkOperator(String displayName, OperatorType dmlOperator, NodeConstructor constructor) {
        this.displayName = displayName;
        this.dmlOperator = dmlOperator;
        this.constructor = constructor;
    }

    /** {@code "Gather"}, as the frameworks spell the operator. */
    public String displayName() {
        return displayName;
    }

    /** The DirectML operator it is lowered onto. */
    public OperatorType dmlOperator() {
        return dmlOperator;
    }

    FrameworkNode newNode(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, OptionalLong axis, IndexSign indexSign) {
        return constructor.create(frontend, dataShape, dataType, indicesShape, indicesType, axis, indexSign);
    }
}
