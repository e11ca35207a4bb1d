package dev.dmlemu.lowering;

import dev.dmlemu.desc.OperatorType;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The framework operators this module lowers, each onto its DirectML operator, with the record that holds such a
 * node and its input tensors. It is the one place that knows which node record goes with which operator.
 */
public enum FrameworkOperator {
    /** ONNX GatherElements and OpenVINO GatherElements, onto {@code DML_OPERATOR_GATHER_ELEMENTS}. */
    GATHER_ELEMENTS("GatherElements", OperatorType.GATHER_ELEMENTS, Inputs.GATHER, (frontend, dataShape, dataType,
            indicesShape, indicesType, updatesShape, attributes, indexSign) -> new GatherElementsNode(frontend, dataShape, dataType,
                    indicesShape, indicesType, attributes.axis(), indexSign)),
    /** ONNX Gather and OpenVINO Gather, onto {@code DML_OPERATOR_GATHER}. */
    GATHER("Gather", OperatorType.GATHER, Inputs.GATHER, (frontend, dataShape, dataType, indicesShape, indicesType,
            updatesShape, attributes, indexSign) -> new GatherNode(frontend, dataShape, dataType, indicesShape, indicesType, attributes.axis(),
                    indexSign)),
    /**
     * ONNX GatherND, onto {@code DML_OPERATOR_GATHER_ND}, or {@code DML_OPERATOR_GATHER_ND1} when it has batch
     * dimensions.
     */
    GATHER_ND("GatherND", OperatorType.GATHER_ND, Inputs.GATHER, (frontend, dataShape, dataType, indicesShape,
            indicesType, updatesShape, attributes, indexSign) -> new GatherNdNode(frontend, dataShape, dataType,
                    indicesShape, indicesType, attributes.batchDims().orElse(0), indexSign), OperatorType.GATHER_ND1),
    /** ONNX ScatterElements, onto {@code DML_OPERATOR_SCATTER_ELEMENTS}. */
    SCATTER_ELEMENTS("ScatterElements", OperatorType.SCATTER_ELEMENTS, Inputs.SCATTER, (frontend, dataShape, dataType,
            indicesShape, indicesType, updatesShape, attributes, indexSign) -> new ScatterElementsNode(frontend,
                    dataShape, dataType, indicesShape, indicesType, updatesShape, attributes.axis(),
                    attributes.reduction(), indexSign)),
    /** ONNX ScatterND, onto {@code DML_OPERATOR_SCATTER_ND}. */
    SCATTER_ND("ScatterND", OperatorType.SCATTER_ND, Inputs.SCATTER, (frontend, dataShape, dataType, indicesShape,
            indicesType, updatesShape, attributes, indexSign) -> new ScatterNdNode(frontend, dataShape, dataType,
                    indicesShape, indicesType, updatesShape, attributes.reduction(), indexSign));

    /**
     * Makes a node record from the attributes given (each operator takes the ones it has); {@code updatesShape} is
     * empty for an operator without an updates input.
     */
    @FunctionalInterface
    interface NodeConstructor {
        FrameworkNode create(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
                ElementType indicesType, List<Long> updatesShape, NodeAttributes attributes, IndexSign indexSign);
    }

    /** The framework input tensors of each kind of operator, in the DirectML desc's field order. */
    private static final class Inputs {
        static final List<FrameworkTensor> GATHER = List.of(FrameworkTensor.DATA, FrameworkTensor.INDICES);
        static final List<FrameworkTensor> SCATTER = List.of(FrameworkTensor.DATA, FrameworkTensor.INDICES,
                FrameworkTensor.UPDATES);

        private Inputs() {}
    }

    private final String displayName;
    private final OperatorType dmlOperator;
    private final NodeConstructor constructor;
    private final Set<OperatorType> dmlOperators;
    private final List<FrameworkTensor> inputs;

    FrameworkOperator(String displayName, OperatorType dmlOperator, List<FrameworkTensor> inputs,
            NodeConstructor constructor, OperatorType... extensions) {
        this.displayName = displayName;
        this.dmlOperator = dmlOperator;
        this.inputs = inputs;
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

    /**
     * The framework input tensors in the desc's field order: data and indices, then updates for a scatter. The
     * output follows them.
     */
    public List<FrameworkTensor> inputs() {
        return inputs;
    }

    /** Whether the operator has an updates input (the scatters). */
    public boolean hasUpdates() {
        return inputs.contains(FrameworkTensor.UPDATES);
    }

    FrameworkNode newNode(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, List<Long> updatesShape, NodeAttributes attributes, IndexSign indexSign) {
        return constructor.create(frontend, dataShape, dataType, indicesShape, indicesType, updatesShape, attributes,
                indexSign);
    }
}
