package dev.dmlemu.model;

import dev.dmlemu.model.JsonTree.ArrayNode;
import dev.dmlemu.model.JsonTree.BooleanNode;
import dev.dmlemu.model.JsonTree.Member;
import dev.dmlemu.model.JsonTree.Node;
import dev.dmlemu.model.JsonTree.NumberNode;
import dev.dmlemu.model.JsonTree.ObjectNode;
import dev.dmlemu.model.JsonTree.StringNode;
import dev.dmlemu.model.JsonTree.Where;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The typed leaves of a model file's located JSON tree (strings, UINT32s and UINT64s, dimension lists, enum names),
 * its objects with known fields, and the errors that name the file, the JSON path and the line and column: what
 * {@link ModelReader} and {@link ResourceReader} read every field through.
 */
final class JsonFields {

    private static final BigDecimal UINT32_MAX = BigDecimal.valueOf(0xFFFF_FFFFL);
    private static final BigDecimal UINT64_MAX = new BigDecimal(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));

    /** The longest Sizes or Strides list read: far past DirectML's 8 dimensions, far short of a memory problem. */
    static final int MAX_DIMENSIONS_READ = 64;

    private final String sourceName;
    private final SourceMap sourceMap;

    JsonFields(String sourceName, SourceMap sourceMap) {
        this.sourceName = sourceName;
        this.sourceMap = sourceMap;
    }

    /** The model file's name, as errors give it. */
    String sourceName() {
        return sourceName;
    }

    String string(Node node) {
        if (!(node instanceof StringNode)) {
            throw error(node, "expected a string, got " + node.describe());
        }
        return ((StringNode) node).value();
    }

    boolean bool(Node node) {
        if (!(node instanceof BooleanNode)) {
            throw error(node, "expected true or false, got " + node.describe());
        }
        return ((BooleanNode) node).value();
    }

    ArrayNode array(Node node) {
        if (!(node instanceof ArrayNode)) {
            throw error(node, "expected an array, got " + node.describe());
        }
        return (ArrayNode) node;
    }

    long uint32(Node node) {
        if (node instanceof NumberNode && ((NumberNode) node).integerToken()) {
            BigDecimal v = ((NumberNode) node).value();
            if (v.signum() >= 0 && v.compareTo(UINT32_MAX) <= 0) {
                return v.longValueExact();
            }
        }
        throw error(node, "expected an unsigned 32-bit integer, got " + node.describe());
    }

    /** An {@code INT}: a whole number in {@code [-2^31, 2^31)}. */
    int int32(Node node) {
        return (int) integerIn(node, BigDecimal.valueOf(Integer.MIN_VALUE), BigDecimal.valueOf(Integer.MAX_VALUE),
                "a signed 32-bit integer").longValueExact();
    }

    /** A whole number in {@code [min, max]}, exactly. */
    BigDecimal integerIn(Node node, BigDecimal min, BigDecimal max, String what) {
        if (node instanceof NumberNode && ((NumberNode) node).integerToken()) {
            BigDecimal v = ((NumberNode) node).value();
            if (v.compareTo(min) >= 0 && v.compareTo(max) <= 0) {
                return v;
            }
        }
        throw error(node, "expected " + what + ", got " + node.describe());
    }

    /**
     * A number read as a double (then rounded as its use requires), or one of the strings DxDispatch takes for the
     * values JSON has no numbers for: {@code "nan"}, {@code "inf"} and {@code "-inf"}, in any case, as its
     * {@code ParseFloatingPointNumber} compares them (docs/directml-behaviour.md §9.1). JavaScript's {@code "Infinity"}
     * is not among them, and DxDispatch refuses a file with it.
     */
    double real(Node node) {
        if (node instanceof NumberNode) {
            double value = ((NumberNode) node).value().doubleValue();
            if (Double.isInfinite(value)) {
                throw error(node, "the number " + node.describe() + " is too large for a 64-bit float");
            }
            // BigDecimal has no negative zero; the text keeps it, as a float field may hold it.
            return value == 0 && ((NumberNode) node).text().startsWith("-") ? -0.0 : value;
        }
        if (node instanceof StringNode) {
            SpecialScalar special = SpecialScalar.fromJsonText(((StringNode) node).value());
            if (special != null) {
                return switch (special) {
                    case NAN -> Double.NaN;
                    case POSITIVE_INFINITY -> Double.POSITIVE_INFINITY;
                    case NEGATIVE_INFINITY -> Double.NEGATIVE_INFINITY;
                };
            }
        }
        throw error(node, "expected a number or \"nan\", \"inf\", \"-inf\", got " + node.describe());
    }

    /** A UINT64 as its bit pattern: values above 2^63 - 1 are negative longs (compare with Long.compareUnsigned). */
    long uint64(Node node) {
        if (node instanceof NumberNode && ((NumberNode) node).integerToken()) {
            BigDecimal v = ((NumberNode) node).value();
            if (v.signum() >= 0 && v.compareTo(UINT64_MAX) <= 0) {
                return v.toBigIntegerExact().longValue();
            }
        }
        throw error(node, "expected an unsigned 64-bit integer, got " + node.describe());
    }

    /**
     * Sizes or Strides: UINTs, at most {@link #MAX_DIMENSIONS_READ} of them. DirectML tensors have at most 8
     * dimensions (the validator reports 9 and more); a longer list is not a tensor, and each entry would cost a
     * diagnostic per feature level.
     */
    List<Long> dimensionArray(Node node) {
        List<Node> elements = array(node).elements();
        if (elements.size() > MAX_DIMENSIONS_READ) {
            throw error(node, "has " + elements.size() + " entries; dmlemu reads at most " + MAX_DIMENSIONS_READ
                    + " (DirectML tensors have at most 8 dimensions)");
        }
        List<Long> values = new ArrayList<>();
        for (Node element : elements) {
            values.add(uint32(element));
        }
        return values;
    }

    <E> E enumValue(Node node, Function<String, E> parse) {
        String text = string(node);
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw error(node, e.getMessage());
        }
    }

    Obj object(Node node, String what) {
        if (!(node instanceof ObjectNode)) {
            throw error(node, "expected " + (what.startsWith("a") ? what + " (an object)" : "an object") + ", got "
                    + node.describe());
        }
        return new Obj((ObjectNode) node);
    }

    /** An object whose fields are checked against the names its form allows. */
    final class Obj {
        final ObjectNode node;
        private final List<String> allowed = new ArrayList<>();

        Obj(ObjectNode node) {
            this.node = node;
        }

        /** Adds names to the allowed ones and fails on the first field that is not allowed. */
        Obj allow(String... names) {
            allowed.addAll(List.of(names));
            for (Member m : node.members().values()) {
                if (!allowed.contains(m.name())) {
                    throw error(m.nameWhere(), "unknown field '" + m.name() + "' (allowed: "
                            + String.join(", ", allowed) + ")");
                }
            }
            return this;
        }

        /** Adds names to the allowed ones without checking yet. */
        Obj allowAlso(String... names) {
            allowed.addAll(List.of(names));
            return this;
        }

        boolean has(String name) {
            return node.members().containsKey(name);
        }

        Where nameWhere(String name) {
            return node.members().get(name).nameWhere();
        }

        Node required(String name) {
            Member m = node.members().get(name);
            if (m == null) {
                throw error(node, "missing required field '" + name + "'");
            }
            return m.value();
        }

        /** A field DxDispatch accepts in either spelling ({@code type}/{@code Type}); both at once is an error. */
        Node requiredEither(String name, String otherName) {
            if (has(name) && has(otherName)) {
                throw error(nameWhere(otherName), "both '" + name + "' and '" + otherName + "' are given");
            }
            if (!has(name) && !has(otherName)) {
                throw error(node, "missing required field '" + name + "'");
            }
            return required(has(name) ? name : otherName);
        }

        Optional<Node> optional(String name) {
            return Optional.ofNullable(node.members().get(name)).map(Member::value);
        }
    }

    /** Notes where {@code node} was written, for errors found after reading ({@link SourceMap}). */
    Node remember(Node node) {
        sourceMap.record(node.where().path(), node.where().line(), node.where().column());
        return node;
    }

    ModelFormatException error(Node node, String detail) {
        return error(node.where(), detail);
    }

    ModelFormatException error(Where where, String detail) {
        return new ModelFormatException(sourceName, where.path(), where.line(), where.column(), detail);
    }
}
