package dev.dmlemu.featurelevels.support;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.DimensionCounts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the {@code .tables} format (its header comment describes it). Checks the format only; whether the names
 * agree with the operator schema is {@link SchemaAgreement}'s job.
 */
final class SupportTablesParser {

    /** What one file holds: operators with tables and operators documented as having none, in file order. */
    record Parsed(Map<String, DocumentedSupport> tables, Map<String, MissingTables> missing) {}

    private final Map<String, DocumentedSupport> tables = new LinkedHashMap<>();
    private final Map<String, MissingTables> missing = new LinkedHashMap<>();
    private String operator;
    private int operatorLine;
    private final List<DocumentedBlock> blocks = new ArrayList<>();
    private final List<TensorConstraint> constraints = new ArrayList<>();
    private String missingReason;
    private Header header;

    /** The block being read: its title line, rows still to come. */
    private record Header(FeatureLevel since, Optional<BlockCondition> condition, List<DocumentedTensor> rows) {}

    static Parsed parse(String text) {
        SupportTablesParser parser = new SupportTablesParser();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            parser.line(i + 1, lines[i].strip());
        }
        parser.endOperator(lines.length);
        return new Parsed(Map.copyOf(parser.tables), Map.copyOf(parser.missing));
    }

    private void line(int number, String line) {
        if (line.isEmpty() || line.startsWith("#")) {
            return;
        }
        String[] words = line.split("\\s+");
        switch (words[0]) {
            case "operator" -> {
                endOperator(number);
                if (words.length != 2) {
                    throw new SupportDataException(number, "write 'operator NAME'");
                }
                operator = words[1];
                operatorLine = number;
                if (tables.containsKey(operator) || missing.containsKey(operator)) {
                    throw new SupportDataException(number, operator + " appears twice");
                }
            }
            case "since" -> {
                requireOperator(number);
                endBlock(number);
                header = new Header(level(number, words), condition(number, words), new ArrayList<>());
            }
            case "same" -> {
                requireOperator(number);
                endBlock(number);
                constraints.add(constraint(number, words));
            }
            case "no-table" -> {
                requireOperator(number);
                if (words.length < 2) {
                    throw new SupportDataException(number, "'no-table' needs a reason");
                }
                missingReason = line.substring("no-table".length()).strip();
            }
            default -> {
                if (header == null) {
                    throw new SupportDataException(number, "a tensor row outside a 'since' block: " + line);
                }
                header.rows().add(row(number, words));
            }
        }
    }

    private void requireOperator(int number) {
        if (operator == null) {
            throw new SupportDataException(number, "no 'operator' line above");
        }
    }

    private void endBlock(int number) {
        if (header == null) {
            return;
        }
        if (header.rows().isEmpty()) {
            throw new SupportDataException(number, operator + ": a 'since' block without rows");
        }
        blocks.add(new DocumentedBlock(header.since(), header.condition(), header.rows()));
        header = null;
    }

    private void endOperator(int number) {
        if (operator == null) {
            return;
        }
        endBlock(number);
        if (missingReason != null && (!blocks.isEmpty() || !constraints.isEmpty())) {
            throw new SupportDataException(operatorLine, operator + ": 'no-table' and tables at once");
        }
        if (missingReason != null) {
            missing.put(operator, new MissingTables(operator, missingReason));
        } else if (blocks.isEmpty()) {
            throw new SupportDataException(operatorLine, operator + ": neither tables nor 'no-table'");
        } else {
            checkOrder();
            tables.put(operator, new DocumentedSupport(operator, blocks, constraints));
        }
        operator = null;
        missingReason = null;
        blocks.clear();
        constraints.clear();
    }

    /** Within one condition, blocks go oldest first and each level once. */
    private void checkOrder() {
        Map<Optional<BlockCondition>, FeatureLevel> last = new LinkedHashMap<>();
        for (DocumentedBlock block : blocks) {
            FeatureLevel previous = last.put(block.condition(), block.since());
            if (previous != null && !block.since().isAbove(previous)) {
                throw new SupportDataException(operatorLine,
                        operator + ": blocks must go oldest first (" + block.since().shortName() + " after "
                                + previous.shortName() + ")");
            }
        }
    }

    private static FeatureLevel level(int number, String[] words) {
        if (words.length < 2) {
            throw new SupportDataException(number, "write 'since LEVEL [when FIELD CONSTANT...]'");
        }
        try {
            return FeatureLevel.parse(words[1]);
        } catch (IllegalArgumentException e) {
            throw new SupportDataException(number, e.getMessage());
        }
    }

    private static Optional<BlockCondition> condition(int number, String[] words) {
        if (words.length == 2) {
            return Optional.empty();
        }
        if (words.length < 5 || !words[2].equals("when")) {
            throw new SupportDataException(number, "write 'since LEVEL when FIELD CONSTANT...'");
        }
        return Optional.of(new BlockCondition(words[3], Arrays.asList(words).subList(4, words.length)));
    }

    private static TensorConstraint constraint(int number, String[] words) {
        if (words.length < 4) {
            throw new SupportDataException(number, "write 'same PROPERTY FIELD FIELD...'");
        }
        ConstraintKind kind = ConstraintKind.fromProperty(words[1]).orElseThrow(() -> new SupportDataException(
                number, "unknown property '" + words[1] + "' (DataType, DimensionCount or Sizes)"));
        return new TensorConstraint(kind, Arrays.asList(words).subList(2, words.length));
    }

    private static DocumentedTensor row(int number, String[] words) {
        if (words.length < 4) {
            throw new SupportDataException(number, "write 'FIELD KIND DIMS TYPE...' (or '-' for no types)");
        }
        RowKind kind = RowKind.fromToken(words[1]).orElseThrow(() -> new SupportDataException(number,
                "unknown kind '" + words[1] + "'"));
        return new DocumentedTensor(words[0], kind, dims(number, words[2]), types(number, words));
    }

    private static DimensionCounts dims(int number, String text) {
        try {
            int dash = text.indexOf('-');
            return dash < 0 ? DimensionCounts.exactly(Integer.parseInt(text))
                    : DimensionCounts.range(Integer.parseInt(text.substring(0, dash)),
                            Integer.parseInt(text.substring(dash + 1)));
        } catch (IllegalArgumentException e) {
            throw new SupportDataException(number, "bad dimension counts '" + text + "' (write 4 or 1-8)");
        }
    }

    private static List<TensorDataType> types(int number, String[] words) {
        if (words.length == 4 && words[3].equals("-")) {
            return List.of();
        }
        List<TensorDataType> types = new ArrayList<>();
        for (String word : Arrays.asList(words).subList(3, words.length)) {
            TensorDataType type;
            try {
                type = TensorDataType.valueOf(word);
            } catch (IllegalArgumentException e) {
                throw new SupportDataException(number, "unknown data type '" + word + "'");
            }
            if (type == TensorDataType.UNKNOWN || types.contains(type)) {
                throw new SupportDataException(number, "data type '" + word + "' not allowed here or twice");
            }
            types.add(type);
        }
        return types;
    }
}
