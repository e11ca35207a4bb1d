package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import java.util.Objects;

/**
 * An operator desc that the validator accepted at a feature level. Only this package's validator can create one,
 * and the emulator and the native bridge accept nothing else: "validate before execute" is checked by the compiler.
 *
 * <p>Immutable and thread-safe. Because it was validated, every tensor of it is a {@link BufferTensorDesc} whose
 * sizes, strides and byte sizes are in range.
 */
public final class ValidatedOperator {

    private final OperatorDesc desc;
    private final FeatureLevel featureLevel;
    private final IndexSemantics indexSemantics;

    ValidatedOperator(OperatorDesc desc, FeatureLevel featureLevel, IndexSemantics indexSemantics) {
        this.desc = Objects.requireNonNull(desc, "desc");
        this.featureLevel = Objects.requireNonNull(featureLevel, "featureLevel");
        this.indexSemantics = Objects.requireNonNull(indexSemantics, "indexSemantics");
    }

    /** The desc as it was validated. */
    public OperatorDesc desc() {
        return desc;
    }

    /** The level the desc was validated at. */
    public FeatureLevel featureLevel() {
        return featureLevel;
    }

    /** How index values are read at that level with that indices type. */
    public IndexSemantics indexSemantics() {
        return indexSemantics;
    }

    /**
     * The desc as the record of its operator, e.g. {@code desc(GatherElementsOperatorDesc.class)}.
     *
     * @throws IllegalStateException if the operator is of another type
     */
    public <D extends OperatorDesc> D desc(Class<D> descType) {
        if (descType.isInstance(desc)) {
            return descType.cast(desc);
        }
        throw new IllegalStateException("operator is " + desc.operatorType().cName() + ", not a "
                + descType.getSimpleName());
    }

    /** A validated tensor field by C name, e.g. {@code "IndicesTensor"}. */
    public BufferTensorDesc tensor(String fieldName) {
        return desc.tensorFields().stream()
                .filter(field -> field.name().equals(fieldName))
                .map(field -> (BufferTensorDesc) field.desc())
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        desc.operatorType().cName() + " has no tensor field " + fieldName));
    }

    @Override
    public String toString() {
        return "ValidatedOperator[" + desc + " @" + featureLevel.cName() + ", " + indexSemantics + "]";
    }
}
