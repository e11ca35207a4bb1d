package dev.dmlemu.cli;

import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.desc.schema.SchemaField;

/** What a desc field holds, in words, for {@code dmlemu schema}'s table. */
final class FieldDescription {

    private FieldDescription() {}

    static String of(SchemaField field) {
        String ref = field.reference().orElse("");
        String direction = field.direction().map(d -> d == TensorKind.INPUT ? "input" : "output").orElse("");
        return switch (field.kind()) {
            case TENSOR -> direction + " tensor";
            case OPTIONAL_TENSOR -> "optional " + direction + " tensor";
            case TENSOR_ARRAY -> ref + " " + direction + " tensors";
            case UINT, INT, FLOAT, BOOL -> field.cType();
            case ENUM -> "enum";
            case UINT_ARRAY, INT_ARRAY, FLOAT_ARRAY -> ref + " values";
            case SCALE_BIAS -> "optional scale and bias";
            case SIZE_2D -> "width and height";
            case SCALAR -> "scalar of type " + ref;
            case FUSED_ACTIVATION -> "optional fused activation";
            case OPERATOR_DESC_ARRAY -> ref + " operator descs";
        };
    }
}
