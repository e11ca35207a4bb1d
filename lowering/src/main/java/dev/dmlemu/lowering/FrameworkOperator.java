package dev.dmlemu.lowering;

import dev.dmlemu.desc.OperatorType;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The framework operators this module lowers, each onto its DirectML operator, with the record that holds such a
 * node. It is the one place that knows which node record goes with which operator.
 */
public enum FrameworkOperator {
    /** ONNX GatherElements and OpenVINO GatherElements, onto {@code DML_OPERATOR_GATHER_ELEMENTS}. */
    GATHER_ELEMENTS("GatherElements", OperatorType.GATHER_ELEMENTS, (frontend, dataShape, dataType, indicesShape,
            indicesType, attributes, indexSign) -> new GatherElementsNode(frontend, dataShape, dataType,
                    indicesShape, indicesType, attributes.axis(), indexSign)),
    /** ONNX Gather and OpenVINO Gather, onto {@code DML_OPERATOR_GATHER}. */
    GATHER("Gather", OperatorType.GATHER, (frontend, dataShape, dataType, indicesShape, indicesType, attributes,
            indexSign) -> new GatherNode(frontend, dataShape, dataType, indicesShape, indicesType, attributes.axis(),
                    indexSign)),
    /**
     * ONNX GatherND, onto {@code DML_OPERATOR_GATHER_ND}, or {@code DML_OPERATOR_GATHER_ND1} when it has batch
     * dimensions.
     */
    GATHER_ND("GatherND", OperatorType.GATHER_ND, (frontend, dataShape, dataType, indicesShape, indicesType,
            attributes, indexSign) -> new GatherNdNode(frontend, dataShape, dataType, indicesShape, indicesType,
                    attributes.batchDims().orElse(0), indexSign), OperatorType.GATHER_ND1);

    /** Makes a node record from the attributes given (each operator takes the ones it has). */
    @FunctionalInterface
    interface NodeConstructor {
        FrameworkNode create(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
                ElementType indicesType, NodeAttributes attributes, IndexSign indexSign);
    }

    private final String displayName;
    private final OperatorType dmlOperator;
    private final NodeConstructor constructor;
    private final Set<OperatorType> dmlOperators;

    FrameworkOperator(String displayName, OperatorType dmlOperator, NodeConstructor constructor,
            OperatorType... extensions) {
        this.displayName = displayName;
        this.dmlOperator = dmlOperator;
        this.constructor = constructor;
        Set<OperatorType> all = EnumSet.of(dmlOperator, extensions);
        this.dmlOperators = Collections.unmodifiableSet(all);
    }

    /** {@code "Gather"}, as the frameworks spell the operator. */
    public String displayName() {
        return displayName;
    }

    /**
     * The DirectML operator it is lowered onto ({@code GATHER_ND} for GatherND, whose nodes with batch dimensions go
     * onto {@code GATHER_ND1}, its extension).
     */
    public OperatorType dmlOperator() {
        return dmlOperator;
    }

    /** Every DirectML operator a node may be lowered onto: {@link #dmlOperator()} and its extensions. */
    public Set<OperatorType> dmlOperators() {
        return dmlOperators;
    }

    FrameworkNode newNode(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, NodeAttributes attributes, IndexSign indexSign) {
        return constructor.create(frontend, dataShape, dataType, indicesShape, indicesType, attributes, indexSign);
    }
}
