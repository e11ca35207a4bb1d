package dev.dmlemu.featurelevels.support;

import dev.dmlemu.desc.TensorKind;
import java.util.Optional;

/** The "Kind" column of a DirectML tensor-support table, with its token in the {@code .tables} data. */
public enum RowKind {
    INPUT("in", "Input", TensorKind.INPUT),
    OPTIONAL_INPUT("optional-in", "Optional input", TensorKind.INPUT),
    INPUT_ARRAY("in-array", "Array of inputs", TensorKind.INPUT),
    OUTPUT("out", "Output", TensorKind.OUTPUT),
    OUTPUT_ARRAY("out-array", "Array of outputs", TensorKind.OUTPUT),
    OPTIONAL_OUTPUT("optional-out", "Optional output", TensorKind.OUTPUT);

    private final String token;
    private final String docsName;
    private final TensorKind direction;

    RowKind(String token, String docsName, TensorKind direction) {
        this.token = token;
        this.docsName = docsName;
        this.direction = direction;
    }

    /** {@code optional-in}, as the data file writes it. */
    public String token() {
        return token;
    }

    /** {@code Optional input}, as the docs' tables write it. */
    public String docsName() {
        return docsName;
    }

    /** Read or written. */
    public TensorKind direction() {
        return direction;
    }

    public static Optional<RowKind> fromToken(String token) {
        for (RowKind kind : values()) {
            if (kind.token.equals(token)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
