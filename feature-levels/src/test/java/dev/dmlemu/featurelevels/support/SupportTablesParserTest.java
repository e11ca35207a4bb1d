package dev.dmlemu.featurelevels.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.DimensionCounts;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The format's parts, and bad data refused with its line number. */
class SupportTablesParserTest {

    @Test
    void readsBlocksRowsConstraintsConditionsAndMissingTables() {
        SupportCatalog catalog = SupportCatalog.parse("""
                # a comment
                operator REDUCE
                  since 1_0 when Function DML_REDUCE_FUNCTION_ARGMAX DML_REDUCE_FUNCTION_ARGMIN
                    InputTensor in 4 FLOAT32 FLOAT16
                    OutputTensor out 4 UINT32
                  same DimensionCount InputTensor OutputTensor
                operator FOLD
                  since 6_4
                    InputTensor in 3-8 -
                    OutputTensor out 3-8 -
                operator RNN
                  no-table some reason
                """);
        DocumentedSupport reduce = catalog.support("reduce").orElseThrow();
        DocumentedBlock block = reduce.blocks().get(0);
        assertEquals(FeatureLevel.LEVEL_1_0, block.since());
        assertEquals(Optional.of(new BlockCondition("Function",
                List.of("DML_REDUCE_FUNCTION_ARGMAX", "DML_REDUCE_FUNCTION_ARGMIN"))), block.condition());
        assertEquals(new DocumentedTensor("OutputTensor", RowKind.OUTPUT, DimensionCounts.exactly(4),
                List.of(TensorDataType.UINT32)), block.rows().get(1));
        assertEquals(List.of(new TensorConstraint(ConstraintKind.SAME_DIMENSION_COUNT,
                List.of("InputTensor", "OutputTensor"))), reduce.constraints());
        assertEquals(Optional.empty(), reduce.forLevel(FeatureLevel.LEVEL_6_4));
        assertEquals(List.of(), catalog.support("FOLD").orElseThrow().blocks().get(0).rows().get(0).dataTypes());
        assertEquals(new MissingTables("RNN", "some reason"), catalog.missing("DML_OPERATOR_RNN").orElseThrow());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "operator A\\n  since 1_0\\n    X sideways 4 FLOAT32            | line 3: unknown kind 'sideways'",
        "operator A\\n  since 1_0\\n    X in 4to8 FLOAT32               | line 3: bad dimension counts '4to8'",
        "operator A\\n  since 1_0\\n    X in 8-4 FLOAT32                | line 3: bad dimension counts '8-4'",
        "operator A\\n  since 1_0\\n    X in 4 FLOAT33                  | line 3: unknown data type 'FLOAT33'",
        "operator A\\n  since 1_0\\n    X in 4 FLOAT32 FLOAT32          | line 3: data type 'FLOAT32' not allowed",
        "operator A\\n    X in 4 FLOAT32                                | line 2: a tensor row outside",
        "operator A\\n  since 9_9\\n    X in 4 FLOAT32                  | line 2: unknown feature level",
        "operator A\\n  since 2_1\\n    X in 4 FLOAT32\\n  since 1_0\\n    X in 4 FLOAT32 | line 1: A: blocks must go oldest first",
        "operator A\\n  since 1_0\\n  since 2_1\\n    X in 4 FLOAT32     | line 3: A: a 'since' block without rows",
        "operator A\\n  since 1_0\\n    X in 4 FLOAT32\\n  same Color X Y | line 4: unknown property 'Color'",
        "operator A\\n  since 1_0\\n    X in 4 FLOAT32\\n  same Sizes X  | line 4: write 'same PROPERTY",
        "operator A\\n  no-table why\\n  since 1_0\\n    X in 4 FLOAT32 | line 1: A: 'no-table' and tables at once",
        "operator A\\noperator B\\n  no-table why                      | line 1: A: neither tables nor 'no-table'",
        "operator A\\n  no-table why\\noperator A\\n  no-table why      | line 3: A appears twice",
        "  since 1_0                                                  | line 1: no 'operator' line above",
        "operator A\\n  since 1_0 if Function X\\n    X in 4 FLOAT32    | line 2: write 'since LEVEL when",
    })
    void refusesBadDataWithTheLine(String text, String message) {
        SupportDataException e = assertThrows(SupportDataException.class,
                () -> SupportCatalog.parse(text.replace("\\n", "\n")));
        assertEquals(message, e.getMessage().substring(0, Math.min(message.length(), e.getMessage().length())));
    }
}
