package dev.dmlemu.desc.schema;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the schema data's text format (described at the top of {@code directml-operators.schema}) and checks that
 * it is consistent: every reference names a field or enum that exists, and no name or code repeats. A problem is an
 * {@link IllegalArgumentException} naming the line.
 */
final class SchemaParser {

    private final Map<String, SchemaEnum> enums = new LinkedHashMap<>();
    private final Map<String, SchemaOperator> operators = new LinkedHashMap<>();
    private final Map<String, String> aliases = new LinkedHashMap<>();
    private final Map<Integer, String> namesByCode = new HashMap<>();
    /** Fusable activations named so far, checked once every operator is known (one may come later in the file). */
    private final List<PendingName> pendingFusable = new ArrayList<>();

    private Block block;
    private int lineNumber;

    private record PendingName(String operator, int line) {}

    /** The enum or operator whose indented lines are being read. */
    private interface Block {
        void line(String[] words);

        void end();
    }

    static SchemaCatalog parse(String text) {
        return new SchemaParser().read(text);
    }

    private SchemaCatalog read(String text) {
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            lineNumber = i + 1;
            String line = lines[i];
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.strip().split("\\s+");
            if (Character.isWhitespace(line.charAt(0))) {
                if (block == null) {
                    throw problem("an indented line outside any enum or operator");
                }
                block.line(words);
            } else {
                endBlock();
                startBlock(words);
            }
        }
        endBlock();
        checkFusableActivationsExist();
        return new SchemaCatalog(List.copyOf(enums.values()), List.copyOf(operators.values()), aliases);
    }

    private void startBlock(String[] words) {
        switch (words[0]) {
            case "enum" -> block = new EnumBlock(arguments(words, 1)[0]);
            case "operator" -> {
                String[] args = arguments(words, 4);
                block = new OperatorBlock(args[0], integer(args[1]), level(args[2]), args[3]);
            }
            case "alias" -> {
                String[] args = arguments(words, 2);
                if (!operators.containsKey(args[1])) {
                    throw problem("alias " + args[0] + " of unknown operator " + args[1]);
                }
                if (operators.containsKey(args[0]) || aliases.put(args[0], args[1]) != null) {
                    throw problem("alias " + args[0] + " repeats a name");
                }
            }
            default -> throw problem("unknown entry '" + words[0] + "' (enum, operator or alias)");
        }
    }

    private void endBlock() {
        if (block != null) {
            block.end();
            block = null;
        }
    }

    private final class EnumBlock implements Block {
        private final String name;
        private final List<SchemaEnum.Constant> constants = new ArrayList<>();

        EnumBlock(String name) {
            this.name = name;
            if (enums.containsKey(name)) {
                throw problem("enum " + name + " appears twice");
            }
        }

        @Override
        public void line(String[] words) {
            if (words.length != 2) {
                throw problem("an enum constant is a name and a value, not " + words.length + " words");
            }
            constants.add(new SchemaEnum.Constant(words[0], integer(words[1])));
        }

        @Override
        public void end() {
            enums.put(name, new SchemaEnum(name, constants));
        }
    }

    private final class OperatorBlock implements Block {
        private final String name;
        private final int code;
        private final FeatureLevel availability;
        private final String structName;
        private final List<SchemaField> fields = new ArrayList<>();
        private final List<FusableActivation> fusable = new ArrayList<>();
        private final Map<String, Integer> fieldLines = new HashMap<>();
        private final int startLine;
        private int fusesLine;

        OperatorBlock(String name, long code, FeatureLevel availability, String structName) {
            this.name = name;
            this.code = Math.toIntExact(code);
            this.availability = availability;
            this.structName = structName;
            this.startLine = lineNumber;
            if (operators.containsKey(name)) {
                throw problem("operator " + name + " appears twice");
            }
            String other = namesByCode.put(this.code, name);
            if (other != null) {
                throw problem("operators " + other + " and " + name + " share code " + code);
            }
        }

        @Override
        public void line(String[] words) {
            if (words[0].equals("fuses")) {
                fusesLine = lineNumber;
                for (String word : arguments(words, -1)) {
                    int at = word.indexOf('@');
                    fusable.add(at < 0 ? new FusableActivation(word, Optional.empty())
                            : new FusableActivation(word.substring(0, at), Optional.of(level(word.substring(at + 1)))));
                }
                return;
            }
            if (words.length < 2) {
                throw problem("field " + words[0] + " has no kind");
            }
            FieldKind kind = FieldKind.fromToken(words[1]).orElseThrow(() -> problem("unknown field kind '"
                    + words[1] + "'"));
            int next = 2;
            Optional<TensorKind> direction = Optional.empty();
            if (kind.isTensor()) {
                direction = Optional.of(direction(words.length > next ? words[next] : "(none)"));
                next++;
            }
            Optional<String> reference = Optional.empty();
            if (kind.reference() != FieldKind.Reference.NONE) {
                if (words.length <= next) {
                    throw problem("field " + words[0] + " (" + kind.token() + ") needs a " + kind.reference());
                }
                reference = Optional.of(words[next]);
                next++;
            }
            if (words.length != next) {
                throw problem("field " + words[0] + " has extra words");
            }
            if (fields.stream().anyMatch(f -> f.name().equals(words[0]))) {
                throw problem("field " + words[0] + " appears twice");
            }
            fields.add(new SchemaField(words[0], kind, direction, reference));
            fieldLines.put(words[0], lineNumber);
        }

        @Override
        public void end() {
            for (SchemaField field : fields) {
                field.reference().ifPresent(ref -> checkReference(field, ref));
            }
            SchemaOperator operator = new SchemaOperator(name, code, availability, structName, fields, fusable);
            if (operator.hasFusedActivation() == fusable.isEmpty()) {
                lineNumber = fusable.isEmpty() ? startLine : fusesLine;
                throw problem(name + ": a 'fuses' line goes with a fused-activation field, and only there");
            }
            operator.fusableActivations().forEach(f -> pendingFusable.add(new PendingName(f.operator(), fusesLine)));
            operators.put(name, operator);
        }

        private void checkReference(SchemaField field, String ref) {
            switch (field.kind().reference()) {
                case COUNT_FIELD -> require(fields.stream().anyMatch(f -> f.name().equals(ref)
                        && f.kind() == FieldKind.UINT), field, "count field " + ref + " is no UINT field");
                case ENUM_NAME -> require(enums.containsKey(ref), field, "enum " + ref + " is not declared above");
                case DATA_TYPE_FIELD -> require(fields.stream().anyMatch(f -> f.name().equals(ref)
                        && f.kind() == FieldKind.ENUM && f.reference().orElseThrow().equals("DML_TENSOR_DATA_TYPE")),
                        field, "data type field " + ref + " is no DML_TENSOR_DATA_TYPE field");
                case NONE -> { }
            }
        }

        private void require(boolean condition, SchemaField field, String message) {
            if (!condition) {
                lineNumber = fieldLines.get(field.name());
                throw problem(name + "." + field.name() + ": " + message);
            }
        }
    }

    private void checkFusableActivationsExist() {
        for (PendingName pending : pendingFusable) {
            if (!operators.containsKey(pending.operator())) {
                lineNumber = pending.line();
                throw problem("fuses unknown operator " + pending.operator());
            }
        }
    }

    /** The words after the first; exactly {@code count} of them, or at least one when {@code count} is -1. */
    private String[] arguments(String[] words, int count) {
        int given = words.length - 1;
        if (count < 0 ? given < 1 : given != count) {
            throw problem("'" + words[0] + "' takes " + (count < 0 ? "at least one" : count) + " word"
                    + (count == 1 ? "" : "s") + ", not " + given);
        }
        String[] args = new String[given];
        System.arraycopy(words, 1, args, 0, given);
        return args;
    }

    private long integer(String text) {
        try {
            return text.startsWith("0x") ? Long.parseLong(text.substring(2), 16) : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw problem("'" + text + "' is no number");
        }
    }

    private FeatureLevel level(String text) {
        try {
            return FeatureLevel.parse(text);
        } catch (IllegalArgumentException e) {
            throw problem(e.getMessage());
        }
    }

    private TensorKind direction(String text) {
        return switch (text) {
            case "in" -> TensorKind.INPUT;
            case "out" -> TensorKind.OUTPUT;
            default -> throw problem("tensor direction '" + text + "' (in or out)");
        };
    }

    private IllegalArgumentException problem(String message) {
        return new IllegalArgumentException("schema line " + lineNumber + ": " + message);
    }
}
