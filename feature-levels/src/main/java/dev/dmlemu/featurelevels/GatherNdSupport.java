package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * The "Tensor support" tables of {@code DML_GATHER_ND_OPERATOR_DESC} and {@code DML_GATHER_ND1_OPERATOR_DESC},
 * transcribed block by block from the DirectML documentation (rows and data types in the docs' order;
 * docs/directml-behaviour.md §11.2).
 *
 * <table>
 *   <caption>Which block applies at which level</caption>
 *   <tr><th>Levels</th><th>GATHER_ND</th><th>GATHER_ND1</th></tr>
 *   <tr><td>1_0, 2_0</td><td>none: not available</td><td>none</td></tr>
 *   <tr><td>2_1</td><td>2_1: exactly 4 dimensions, 8 data types, UINT32 indices</td><td>none</td></tr>
 *   <tr><td>3_0, 3_1, 4_0</td><td>3_0: 1 to 8 dimensions, INT64/INT32/UINT64/UINT32 indices</td>
 *       <td>3_0: the same</td></tr>
 *   <tr><td>4_1 … 6_4</td><td>4_1: adds FLOAT64, INT64, UINT64 data</td><td>4_1: the same</td></tr>
 * </table>
 */
public final class GatherNdSupport {

    /** GATHER_ND, "DML_FEATURE_LEVEL_2_1 and above" (the level that introduced it). */
    public static final SupportTable ND_BLOCK_2_1 = block(OperatorType.GATHER_ND, FeatureLevel.LEVEL_2_1,
            DimensionCounts.exactly(4), GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_UINT32);

    /** GATHER_ND, "DML_FEATURE_LEVEL_3_0 and above". */
    public static final SupportTable ND_BLOCK_3_0 = block(OperatorType.GATHER_ND, FeatureLevel.LEVEL_3_0,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_3_0);

    /** GATHER_ND, "DML_FEATURE_LEVEL_4_1 and above". */
    public static final SupportTable ND_BLOCK_4_1 = block(OperatorType.GATHER_ND, FeatureLevel.LEVEL_4_1,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_4_1, GatherFamilyTypes.INDICES_3_0);

    /** GATHER_ND1, "DML_FEATURE_LEVEL_3_0 and above" (the level that introduced it). */
    public static final SupportTable ND1_BLOCK_3_0 = block(OperatorType.GATHER_ND1, FeatureLevel.LEVEL_3_0,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_3_0);

    /** GATHER_ND1, "DML_FEATURE_LEVEL_4_1 and above". */
    public static final SupportTable ND1_BLOCK_4_1 = block(OperatorType.GATHER_ND1, FeatureLevel.LEVEL_4_1,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_4_1, GatherFamilyTypes.INDICES_3_0);

    /** GATHER_ND's blocks, oldest first: 2_1, 3_0, 4_1. */
    public static final OperatorSupport ND_SUPPORT = new OperatorSupport(OperatorType.GATHER_ND,
            List.of(ND_BLOCK_2_1, ND_BLOCK_3_0, ND_BLOCK_4_1));

    /** GATHER_ND1's blocks, oldest first: 3_0, 4_1. */
    public static final OperatorSupport ND1_SUPPORT = new OperatorSupport(OperatorType.GATHER_ND1,
            List.of(ND1_BLOCK_3_0, ND1_BLOCK_4_1));

    private GatherNdSupport() {}

    private static SupportTable block(OperatorType operator, FeatureLevel since, DimensionCounts dims,
            List<TensorDataType> data, List<TensorDataType> indices) {
        return SupportTable.inputIndicesOutput(operator, since, dims, data, indices);
    }
}
