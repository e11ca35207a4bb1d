package dev.dmlemu.model;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where the parts of a model file that a run can still fail on were written: each resource, each command, each
 * binding and each {@code targetPath}, by JSON path ({@code commands[3].targetPath}). Errors found after reading
 * (a binding too small for its tensor, a target outside the output folder) use it to name the line and column.
 */
public final class SourceMap {

    /** A 1-based line and column. */
    public record Position(int line, int column) {}

    private final Map<String, Position> positions = new HashMap<>();

    SourceMap() {}

    void record(String jsonPath, int line, int column) {
        positions.putIfAbsent(jsonPath, new Position(line, column));
    }

    /** Where {@code jsonPath} was written, when it was recorded. */
    public Optional<Position> positionOf(String jsonPath) {
        return Optional.ofNullable(positions.get(jsonPath));
    }
}
