package dev.dmlemu.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * Where each update of a scatter writes, so that {@link FrameworkIndexCheck} can find two updates with one target
 * without knowing the operator. Index values must already be in the framework's range; negative ones count from the
 * end of their dimension.
 */
public interface WriteTargets {

    /** How many writes the node makes: one per indices element (ScatterElements) or per index tuple (ScatterND). */
    long writeCount();

    /**
     * The target of write {@code write} as one number (its row-major position among all possible targets), given the
     * index value at each flat position of the indices.
     */
    long target(long write, LongUnaryOperator indexAt);

    /** How messages name the write and the indices it reads: {@code "updates[1, 0] (indices[1, 0] = 2)"}. */
    String describeWrite(long write, LongUnaryOperator indexAt);

    /** How messages name a target: {@code "output[2, 0]"}, or {@code "output[1, :]"} for a slice. */
    String describeTarget(long target);

    /**
     * ScatterElements: the update at each indices coordinate writes that coordinate with its {@code axis} entry
     * replaced by the index there.
     */
    static WriteTargets elements(List<Long> indicesShape, List<Long> dataShape, int axis) {
        return new WriteTargets() {
            @Override
            public long writeCount() {
                return LoweringChecks.product(indicesShape);
            }

            @Override
            public long target(long write, LongUnaryOperator indexAt) {
                List<Long> coordinate = coordinate(indicesShape, write);
                coordinate.set(axis, normalized(indexAt.applyAsLong(write), dataShape.get(axis)));
                return flat(dataShape, coordinate);
            }

            @Override
            public String describeWrite(long write, LongUnaryOperator indexAt) {
                String at = IndexScan.coordinate(indicesShape, write);
                return "updates" + at + " (indices" + at + " = " + indexAt.applyAsLong(write) + ")";
            }

            @Override
            public String describeTarget(long target) {
                return "output" + coordinate(dataShape, target);
            }
        };
    }

    /**
     * ScatterND: the update slice at each position of the indices' leading dimensions writes the slice of the data
     * its tuple of {@code tupleLength} coordinates (the indices' last dimension) selects.
     */
    static WriteTargets tuples(List<Long> indicesShape, List<Long> dataShape) {
        int tupleLength = Math.toIntExact(indicesShape.get(indicesShape.size() - 1));
        List<Long> leading = indicesShape.subList(0, indicesShape.size() - 1);
        List<Long> indexed = dataShape.subList(0, tupleLength);
        return new WriteTargets() {
            @Override
            public long writeCount() {
                return LoweringChecks.product(leading);
            }

            @Override
            public long target(long write, LongUnaryOperator indexAt) {
                return flat(indexed, tuple(write, indexAt));
            }

            @Override
            public String describeWrite(long write, LongUnaryOperator indexAt) {
                String at = IndexScan.coordinate(leading, write);
                List<Long> values = new ArrayList<>();
                for (int j = 0; j < tupleLength; j++) {
                    values.add(indexAt.applyAsLong(write * tupleLength + j));
                }
                return "updates" + at + " (indices" + at + " = " + values + ")";
            }

            @Override
            public String describeTarget(long target) {
                List<Long> coordinate = coordinate(indexed, target);
                StringBuilder text = new StringBuilder("output[");
                for (int d = 0; d < dataShape.size(); d++) {
                    text.append(d == 0 ? "" : ", ").append(d < tupleLength ? coordinate.get(d).toString() : ":");
                }
                return text.append(']').toString();
            }

            private List<Long> tuple(long write, LongUnaryOperator indexAt) {
                List<Long> tuple = new ArrayList<>(tupleLength);
                for (int j = 0; j < tupleLength; j++) {
                    tuple.add(normalized(indexAt.applyAsLong(write * tupleLength + j), indexed.get(j)));
                }
                return tuple;
            }
        };
    }

    private static long normalized(long index, long size) {
        return index < 0 ? index + size : index;
    }

    private static List<Long> coordinate(List<Long> shape, long flat) {
        List<Long> coordinate = new ArrayList<>(shape.size());
        long rest = flat;
        for (int i = shape.size() - 1; i >= 0; i--) {
            coordinate.add(0, rest % shape.get(i));
            rest /= shape.get(i);
        }
        return coordinate;
    }

    private static long flat(List<Long> shape, List<Long> coordinate) {
        long flat = 0;
        for (int i = 0; i < shape.size(); i++) {
            flat = flat * shape.get(i) + coordinate.get(i);
        }
        return flat;
    }
}
