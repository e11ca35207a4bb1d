package dev.dmlemu.featurelevels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorFlags;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;

/** What the support-table tests of every operator check on each validated cell, and the tensors they build it of. */
final class SupportCellChecks {

    private SupportCellChecks() {}

    /**
     * Adds a mismatch unless {@code result} holds exactly one {@code rule} error at {@code path} when {@code expected}
     * (accepted from {@code acceptedFrom}, at the result's level) and none otherwise.
     */
    static void expectDiagnostic(List<String> mismatches, String cell, ValidationResult result, RuleId rule,
            String path, boolean expected, Optional<FeatureLevel> acceptedFrom) {
        List<Diagnostic> found = result.diagnostics().stream()
                .filter(d -> d.rule() == rule && d.path().equals(path)).toList();
        if (found.size() != (expected ? 1 : 0)) {
            mismatches.add(cell + ": expected " + (expected ? "one " : "no ") + rule + " at " + path + ", got "
                    + found);
        } else if (expected) {
            Diagnostic diagnostic = found.get(0);
            if (!diagnostic.acceptedFrom().equals(acceptedFrom) || diagnostic.severity() != Severity.ERROR
                    || diagnostic.featureLevel() != result.featureLevel()) {
                mismatches.add(cell + ": expected acceptedFrom " + acceptedFrom + ", got " + diagnostic);
            }
        }
    }

    /** A packed tensor of {@code dims} sizes of 1, with room to spare (64 bytes) whatever the type. */
    static BufferTensorDesc ones(TensorDataType type, int dims) {
        return new BufferTensorDesc(type, TensorFlags.NONE, dims, Collections.nCopies(dims, 1L), Optional.empty(),
                64, 0);
    }

    /**
     * A gather or scatter operator's docs tables, typed in by a test: the block at a level (empty where the operator does not
     * exist), each block's data types per field and DimensionCounts, and every block, oldest first.
     */
    record DocsTables(Function<FeatureLevel, Optional<FeatureLevel>> block,
            BiFunction<FeatureLevel, String, Set<TensorDataType>> types, BiPredicate<FeatureLevel, Long> dims,
            List<FeatureLevel> blocks) {}

    /**
     * Builds the desc of one cell: indices of {@code indexType}, every other tensor (input, output, a scatter's
     * updates) of {@code dataType}, all 1s.
     */
    interface OnesDesc {
        OperatorDesc of(TensorDataType dataType, TensorDataType indexType, int dims);
    }

    private static final String INDICES = "IndicesTensor";

    /**
     * Validates every (data type x index type x DimensionCount 0-9) desc of sizes 1 at {@code level} and asserts that
     * each tensor field's table diagnostics, the verdict and the operator's availability are what the docs say (the
     * descs are built so that nothing else can be wrong but a DimensionCount of 0).
     */
    static void assertEveryCellAgrees(FeatureLevel level, DocsTables docs, OnesDesc cell) {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        Optional<FeatureLevel> block = docs.block().apply(level);
        List<String> mismatches = new ArrayList<>();
        int checked = 0;
        int fieldCount = 0;
        for (TensorDataType dataType : TensorDataType.values()) {
            for (TensorDataType indexType : TensorDataType.values()) {
                for (int dims = 0; dims <= 9; dims++) {
                    OperatorDesc desc = cell.of(dataType, indexType, dims);
                    ValidationResult result = validator.validate(desc, level);
                    List<String> fields = desc.tensorFields().stream().map(TensorField::name).toList();
                    fieldCount = fields.size();
                    boolean allSupported = block.isPresent();
                    for (String field : fields) {
                        TensorDataType type = field.equals(INDICES) ? indexType : dataType;
                        String name = level.shortName() + " " + field + " " + type + " dims " + dims;
                        boolean typeOk = block.isEmpty() || docs.types().apply(block.get(), field).contains(type);
                        boolean dimsOk = block.isEmpty() || docs.dims().test(block.get(), (long) dims);
                        allSupported &= typeOk && dimsOk;
                        expectDiagnostic(mismatches, name, result, RuleId.DATA_TYPE_UNSUPPORTED, field + ".DataType",
                                !typeOk, first(docs, b -> docs.types().apply(b, field).contains(type)));
                        int d = dims;
                        expectDiagnostic(mismatches, name, result, RuleId.DIMENSION_COUNT_UNSUPPORTED,
                                field + ".DimensionCount", !dimsOk, first(docs, b -> docs.dims().test(b, (long) d)));
                        checked++;
                    }
                    boolean expectedValid = allSupported && dims >= 1;
                    if (result.isValid() != expectedValid) {
                        mismatches.add(level.shortName() + " " + dataType + "/" + indexType + " dims " + dims
                                + ": valid=" + result.isValid() + ", docs say " + expectedValid + "\n" + result);
                    }
                    boolean unavailable = result.diagnostics().stream()
                            .anyMatch(d -> d.rule() == RuleId.OPERATOR_UNAVAILABLE && d.path().equals("Type"));
                    if (unavailable != block.isEmpty()) {
                        mismatches.add(level.shortName() + ": OPERATOR_UNAVAILABLE=" + unavailable);
                    }
                }
            }
        }
        assertTrue(fieldCount >= 3, "every operator has input, indices and output");
        assertEquals(fieldCount * 14 * 14 * 10, checked);
        assertTrue(mismatches.isEmpty(), () -> mismatches.size() + " cells disagree with the docs, e.g.:\n"
                + String.join("\n", mismatches.subList(0, Math.min(20, mismatches.size()))));
    }

    private static Optional<FeatureLevel> first(DocsTables docs, Predicate<FeatureLevel> holds) {
        return docs.blocks().stream().filter(holds).findFirst();
    }
}
