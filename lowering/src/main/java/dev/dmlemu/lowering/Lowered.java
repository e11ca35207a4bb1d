package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.List;
import java.util.Objects;

/**
 * A node lowered onto its DirectML operator desc ({@code DML_GATHER_ELEMENTS_OPERATOR_DESC},
 * {@code DML_GATHER_OPERATOR_DESC}, {@code DML_GATHER_ND_OPERATOR_DESC}, {@code DML_GATHER_ND1_OPERATOR_DESC},
 * {@code DML_SCATTER_ELEMENTS_OPERATOR_DESC} or {@code DML_SCATTER_ND_OPERATOR_DESC}) at a feature level. The desc has passed the {@code FeatureLevelValidator} at that
 * level, so {@link #operator()} can be given to any execution backend.
 *
 * @param node the node as lowered
 * @param operator the validated desc and its level
 * @param notes how to bind each tensor field, in the desc's field order (InputTensor, IndicesTensor, UpdatesTensor
 *     for a scatter, OutputTensor)
 */
public record Lowered(FrameworkNode node, ValidatedOperator operator, List<BindingNote> notes)
        implements LoweringResult {

    public Lowered {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(operator, "operator");
        notes = List.copyOf(Objects.requireNonNull(notes, "notes"));
    }

    /** The DirectML desc; its output holds the framework's output bytes (see {@link #notes()}). */
    public OperatorDesc desc() {
        return operator.desc();
    }

    /**
     * The desc as its operator's record, e.g. {@code desc(GatherOperatorDesc.class)}.
     *
     * @throws IllegalStateException if the node was lowered onto another operator
     */
    public <D extends OperatorDesc> D desc(Class<D> descType) {
        return operator.desc(descType);
    }

    /** The target level. */
    public FeatureLevel featureLevel() {
        return operator.featureLevel();
    }

    /**
     * The framework output's shape (GatherElements: the indices'; Gather: data before the axis, indices, after;
     * GatherND: the indices' but the last, then data after the batch and tuple dimensions; the scatters: the data's).
     */
    public List<Long> outputShape() {
        return node.outputShape();
    }

    /** The framework output's element type: the data's type. */
    public ElementType outputType() {
        return node.dataType();
    }

    /** The note for the field bound to {@code source}. */
    public BindingNote note(FrameworkTensor source) {
        return notes.stream().filter(note -> note.source() == source).findFirst().orElseThrow();
    }
}
