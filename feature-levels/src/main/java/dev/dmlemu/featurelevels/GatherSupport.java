package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Optional;

/**
 * The "Tensor support" tables of {@code DML_GATHER_OPERATOR_DESC}, transcribed block by block from the DirectML
 * documentation (rows and data types in the docs' order; docs/directml-behaviour.md §10.2). The operator was
 * introduced in {@code DML_FEATURE_LEVEL_1_0}, so it exists at every level.
 *
 * <table>
 *   <caption>Which block applies at which level</caption>
 *   <tr><th>Levels</th><th>Block</th></tr>
 *   <tr><td>1_0, 2_0</td><td>1_0: exactly 4 dimensions, FLOAT32/FLOAT16 data, UINT32 indices</td></tr>
 *   <tr><td>2_1</td><td>2_1: exactly 4 dimensions, 8 data types, UINT32 indices</td></tr>
 *   <tr><td>3_0, 3_1, 4_0</td><td>3_0: 1 to 8 dimensions, INT64/INT32/UINT64/UINT32 indices</td></tr>
 *   <tr><td>4_1 … 6_4</td><td>4_1: adds FLOAT64, INT64, UINT64 data</td></tr>
 * </table>
 */
public final class GatherSupport {

    /** "DML_FEATURE_LEVEL_1_0 and above". */
    public static final SupportTable BLOCK_1_0 = block(FeatureLevel.LEVEL_1_0, DimensionCounts.exactly(4),
            GatherFamilyTypes.DATA_1_0, GatherFamilyTypes.INDICES_UINT32);

    /** "DML_FEATURE_LEVEL_2_1 and above". */
    public static final SupportTable BLOCK_2_1 = block(FeatureLevel.LEVEL_2_1, DimensionCounts.exactly(4),
            GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_UINT32);

    /** "DML_FEATURE_LEVEL_3_0 and above". */
    public static final SupportTable BLOCK_3_0 = block(FeatureLevel.LEVEL_3_0, DimensionCounts.range(1, 8),
            GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_3_0);

    /** "DML_FEATURE_LEVEL_4_1 and above". */
    public static final SupportTable BLOCK_4_1 = block(FeatureLevel.LEVEL_4_1, DimensionCounts.range(1, 8),
            GatherFamilyTypes.DATA_4_1, GatherFamilyTypes.INDICES_3_0);

    /** All blocks, oldest first. */
    public static final OperatorSupport SUPPORT = new OperatorSupport(OperatorType.GATHER,
            List.of(BLOCK_1_0, BLOCK_2_1, BLOCK_3_0, BLOCK_4_1));

    private GatherSupport() {}

    /** The blocks, oldest first: 1_0, 2_1, 3_0, 4_1. */
    public static List<SupportTable> blocks() {
        return SUPPORT.blocks();
    }

    /** The block that applies at {@code level}; never empty, the operator exists from 1_0. */
    public static Optional<SupportTable> forLevel(FeatureLevel level) {
        return SUPPORT.forLevel(level);
    }

    /** {@code DML_FEATURE_LEVEL_1_0}. */
    public static FeatureLevel introducedIn() {
        return SUPPORT.introducedIn();
    }

    private static SupportTable block(FeatureLevel since, DimensionCounts dims, List<TensorDataType> data,
            List<TensorDataType> indices) {
        return SupportTable.inputIndicesOutput(OperatorType.GATHER, since, dims, data, indices);
    }
}
