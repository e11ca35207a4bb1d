package dev.dmlemu.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every enum code against the {@code directml.h} tables (docs/directml-behaviour.md §2.1–2.4). The expected tables
 * are typed in from the reference, never derived from the enums under test.
 */
class DmlEnumCodesTest {

    /** §2.1: DML_TENSOR_DATA_TYPE name → value, with bits per element. */
    private static final Object[][] DATA_TYPES = {
        {"DML_TENSOR_DATA_TYPE_UNKNOWN", 0, 0},
        {"DML_TENSOR_DATA_TYPE_FLOAT32", 1, 32},
        {"DML_TENSOR_DATA_TYPE_FLOAT16", 2, 16},
        {"DML_TENSOR_DATA_TYPE_UINT32", 3, 32},
        {"DML_TENSOR_DATA_TYPE_UINT16", 4, 16},
        {"DML_TENSOR_DATA_TYPE_UINT8", 5, 8},
        {"DML_TENSOR_DATA_TYPE_INT32", 6, 32},
        {"DML_TENSOR_DATA_TYPE_INT16", 7, 16},
        {"DML_TENSOR_DATA_TYPE_INT8", 8, 8},
        {"DML_TENSOR_DATA_TYPE_FLOAT64", 9, 64},
        {"DML_TENSOR_DATA_TYPE_UINT64", 10, 64},
        {"DML_TENSOR_DATA_TYPE_INT64", 11, 64},
        {"DML_TENSOR_DATA_TYPE_UINT4", 12, 4},
        {"DML_TENSOR_DATA_TYPE_INT4", 13, 4},
    };

    @Test
    void tensorDataTypeCodesAndSizesMatchHeader() {
        assertEquals(DATA_TYPES.length, TensorDataType.values().length, "one constant per header value");
        for (Object[] row : DATA_TYPES) {
            String cName = (String) row[0];
            TensorDataType type = TensorDataType.fromCode((Integer) row[1]);
            assertEquals(cName, type.cName());
            assertEquals((int) (Integer) row[1], type.code());
            assertEquals((int) (Integer) row[2], type.sizeInBits(), cName);
            assertSame(type, TensorDataType.fromName(cName));
            assertSame(type, TensorDataType.fromName(cName.substring("DML_TENSOR_DATA_TYPE_".length())));
        }
    }

    @Test
    void tensorDataTypeKinds() {
        assertEquals(EnumSet.of(TensorDataType.FLOAT16, TensorDataType.FLOAT32, TensorDataType.FLOAT64),
                kinds(NumericKind.FLOATING_POINT));
        assertEquals(EnumSet.of(TensorDataType.INT4, TensorDataType.INT8, TensorDataType.INT16, TensorDataType.INT32,
                TensorDataType.INT64), kinds(NumericKind.SIGNED_INTEGER));
        assertEquals(EnumSet.of(TensorDataType.UINT4, TensorDataType.UINT8, TensorDataType.UINT16,
                TensorDataType.UINT32, TensorDataType.UINT64), kinds(NumericKind.UNSIGNED_INTEGER));
        assertEquals(2, TensorDataType.FLOAT16.sizeInBytes());
        assertEquals(8, TensorDataType.INT64.sizeInBytes());
        assertThrows(IllegalStateException.class, TensorDataType.UINT4::sizeInBytes);
    }

    private static Set<TensorDataType> kinds(NumericKind kind) {
        EnumSet<TensorDataType> set = EnumSet.noneOf(TensorDataType.class);
        for (TensorDataType t : TensorDataType.values()) {
            if (t.numericKind() == kind) {
                set.add(t);
            }
        }
        return set;
    }

    @Test
    void tensorTypeFlagsAndExecutionFlagsMatchHeader() {
        assertEquals(0, TensorType.INVALID.code());
        assertEquals(1, TensorType.BUFFER.code());
        assertEquals("DML_TENSOR_TYPE_BUFFER", TensorType.BUFFER.cName());
        assertEquals(2, TensorType.values().length);

        assertEquals(0, TensorFlags.NONE.code());
        assertEquals(1, TensorFlags.OWNED_BY_DML.code());
        assertEquals("DML_TENSOR_FLAG_OWNED_BY_DML", TensorFlags.OWNED_BY_DML.cName());
        assertEquals(2, TensorFlags.values().length);

        Map<String, Integer> exec = new LinkedHashMap<>();
        exec.put("DML_EXECUTION_FLAG_NONE", 0);
        exec.put("DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION", 0x1);
        exec.put("DML_EXECUTION_FLAG_DISABLE_META_COMMANDS", 0x2);
        exec.put("DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE", 0x4);
        assertEquals(exec.size(), ExecutionFlag.values().length);
        exec.forEach((name, value) -> assertEquals(value, ExecutionFlag.fromName(name).code(), name));
        assertEquals(0x5, ExecutionFlag.toMask(
                EnumSet.of(ExecutionFlag.ALLOW_HALF_PRECISION_COMPUTATION, ExecutionFlag.DESCRIPTORS_VOLATILE)));
        assertEquals(EnumSet.of(ExecutionFlag.DISABLE_META_COMMANDS, ExecutionFlag.DESCRIPTORS_VOLATILE),
                ExecutionFlag.fromMask(0x6));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExecutionFlag.fromMask(0x9));
        assertTrue(e.getMessage().contains("0x8"), e.getMessage());
    }

    @Test
    void featureLevelCodesMatchHeader() {
        // §2.3: every value is 0xMN00 (the docs page's auto-increment reading is wrong).
        Object[][] levels = {
            {"1_0", 0x1000}, {"2_0", 0x2000}, {"2_1", 0x2100}, {"3_0", 0x3000}, {"3_1", 0x3100},
            {"4_0", 0x4000}, {"4_1", 0x4100}, {"5_0", 0x5000}, {"5_1", 0x5100}, {"5_2", 0x5200},
            {"6_0", 0x6000}, {"6_1", 0x6100}, {"6_2", 0x6200}, {"6_3", 0x6300}, {"6_4", 0x6400},
        };
        assertEquals(levels.length, FeatureLevel.values().length);
        for (Object[] row : levels) {
            FeatureLevel level = FeatureLevel.fromCode((Integer) row[1]);
            assertEquals("DML_FEATURE_LEVEL_" + row[0], level.cName());
            assertEquals(row[0], level.shortName());
        }
        assertSame(FeatureLevel.LEVEL_6_4, FeatureLevel.newest());
        assertTrue(FeatureLevel.LEVEL_3_0.isAtLeast(FeatureLevel.LEVEL_2_1));
        assertTrue(FeatureLevel.LEVEL_2_1.isBelow(FeatureLevel.LEVEL_3_0));
        assertTrue(FeatureLevel.LEVEL_2_1.isAtLeast(FeatureLevel.LEVEL_2_1));
    }

    @Test
    void featureLevelParseSpellings() {
        assertSame(FeatureLevel.LEVEL_2_1, FeatureLevel.parse("2_1"));
        assertSame(FeatureLevel.LEVEL_2_1, FeatureLevel.parse("2.1"));
        assertSame(FeatureLevel.LEVEL_2_1, FeatureLevel.parse("DML_FEATURE_LEVEL_2_1"));
        assertSame(FeatureLevel.LEVEL_4_1, FeatureLevel.parse(" dml_feature_level_4_1 "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FeatureLevel.parse("2_2"));
        assertTrue(e.getMessage().contains("'2_2'") && e.getMessage().contains("6_4"), e.getMessage());
    }

    @Test
    void operatorTypeCodesMatchHeader() {
        // §2.4
        Map<String, Integer> ops = new LinkedHashMap<>();
        ops.put("DML_OPERATOR_INVALID", 0);
        ops.put("DML_OPERATOR_ELEMENT_WISE_IDENTITY", 1);
        ops.put("DML_OPERATOR_ELEMENT_WISE_ADD", 4);
        ops.put("DML_OPERATOR_CAST", 61);
        ops.put("DML_OPERATOR_GATHER", 67);
        ops.put("DML_OPERATOR_SCATTER_ELEMENTS", 94);
        ops.put("DML_OPERATOR_FILL_VALUE_SEQUENCE", 104);
        ops.put("DML_OPERATOR_GATHER_ELEMENTS", 107);
        ops.put("DML_OPERATOR_GATHER_ND", 108);
        ops.put("DML_OPERATOR_SCATTER_ND", 109);
        ops.put("DML_OPERATOR_GATHER_ND1", 140);
        assertEquals(178, OperatorType.values().length, "INVALID and DirectML.h's 177 operators");
        ops.forEach((name, value) -> {
            OperatorType type = OperatorType.fromCode(value);
            assertEquals(name, type.cName());
            assertSame(type, OperatorType.fromName(name));
            assertSame(type, OperatorType.fromName(name.substring("DML_OPERATOR_".length())));
        });
        assertSame(OperatorType.SCATTER_ELEMENTS, OperatorType.fromName("DML_OPERATOR_SCATTER"));
        assertSame(OperatorType.SCATTER_ELEMENTS, OperatorType.fromName("SCATTER"));
    }

    @Test
    void unknownCodesAndNamesNameTheType() {
        IllegalArgumentException code = assertThrows(IllegalArgumentException.class,
                () -> TensorDataType.fromCode(14));
        assertTrue(code.getMessage().contains("TensorDataType") && code.getMessage().contains("14"),
                code.getMessage());
        IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
                () -> TensorDataType.fromName("FLOAT8"));
        assertTrue(name.getMessage().contains("TensorDataType") && name.getMessage().contains("'FLOAT8'")
                && name.getMessage().contains("FLOAT32"), name.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TensorDataType.fromName("DML_TENSOR_DATA_TYPE_"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OperatorType.fromCode(-1))
                .getMessage().contains("OperatorType"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OperatorType.fromName("GEMM2"))
                .getMessage().contains("OperatorType"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TensorType.fromCode(2))
                .getMessage().contains("TensorType"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TensorFlags.fromName("OWNED"))
                .getMessage().contains("TensorFlags"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FeatureLevel.fromCode(0x3001))
                .getMessage().contains("FeatureLevel"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExecutionFlag.fromName("FAST"))
                .getMessage().contains("ExecutionFlag"));
    }
}
