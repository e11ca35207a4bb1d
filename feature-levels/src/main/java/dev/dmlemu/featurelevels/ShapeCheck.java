package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import java.util.List;
import java.util.Optional;

/**
 * What an operator's {@link dev.dmlemu.featurelevels.shape.ShapeRules} see of one validation: the tensors that passed
 * their own checks, by C field name, the level judged, and where to report. Shape rules run only when every tensor
 * passed its table row, the constraint lines and the count fields, so sizes hold DimensionCount entries here.
 */
public final class ShapeCheck {

    private final CheckedTensors tensors;
    private final DiagnosticCollector out;

    ShapeCheck(CheckedTensors tensors, DiagnosticCollector out) {
        this.tensors = tensors;
        this.out = out;
    }

    /** The tensor field {@code field}: empty when the desc leaves it NULL. */
    public Optional<BufferTensorDesc> tensor(String field) {
        List<CheckedTensors.Named> found = tensors.buffers(field);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0).desc());
    }

    /** The tensor field {@code field}, which the tables already required. */
    public BufferTensorDesc required(String field) {
        return tensor(field).orElseThrow(() -> new IllegalStateException(field + " passed its row but is absent"));
    }

    /** The members of the tensor array {@code field}, in order. */
    public List<BufferTensorDesc> array(String field) {
        return tensors.buffers(field).stream().map(CheckedTensors.Named::desc).toList();
    }

    /** The feature level being judged. */
    public FeatureLevel level() {
        return out.level();
    }

    /** Reports a problem no feature level accepts; {@code message} follows {@code path: }. */
    public void report(RuleId rule, String path, String message) {
        out.report(rule, path, message);
    }

    /** Reports a problem that {@code acceptedFrom} and later levels accept. */
    public void report(RuleId rule, String path, String message, FeatureLevel acceptedFrom) {
        out.report(rule, path, message, Optional.of(acceptedFrom));
    }
}
