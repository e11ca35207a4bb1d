package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.IndexValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.GatherElementsCase;
import dev.dmlemu.testkit.GatherElementsCases;
import dev.dmlemu.testkit.GatherNdCase;
import dev.dmlemu.testkit.GatherNdCaseOptions;
import dev.dmlemu.testkit.GatherNdCaseOptions.BatchSizes;
import dev.dmlemu.testkit.GatherNdCases;
import dev.dmlemu.testkit.ScatterCase;
import dev.dmlemu.testkit.ScatterCases;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The kit's random cases are valid by construction, as the validator judges, at every level from 4_1 on: the tests
 * that use them skip the validator (the emulator's kernel tests) or run only with a real device, so this is where a
 * generator that drifts out of the rules is caught.
 */
class KitCasesValidityTest {

    private static final int CASES = 1000;

    @ParameterizedTest
    @EnumSource(value = FeatureLevel.class, names = {"LEVEL_4_1", "LEVEL_6_4"})
    void everyConfigurationInUseGivesValidCases(FeatureLevel level) {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        List<CaseOptions> configurations = List.of(CaseOptions.defaults(),
                CaseOptions.defaults().withShapes(2_000, 12),
                CaseOptions.defaults().with(ElementValues.FINITE).with(Placement.EXACT),
                CaseOptions.defaults().withMaxRank(6).withShapes(4096, 4).with(Layout.PACKED)
                        .with(IndexValues.IN_RANGE).with(ElementValues.FINITE).with(Placement.EXACT));
        for (CaseOptions options : configurations) {
            GatherElementsCases cases = new GatherElementsCases(options);
            SplittableRandom seeds = new SplittableRandom(0xC45E5L);
            for (int n = 0; n < CASES; n++) {
                GatherElementsCase c = cases.generate(seeds.nextLong());
                ValidationResult result = validator.validate(c.desc(), level);
                assertTrue(result.isValid(), () -> c + " at " + level.cName() + ": " + result);
            }
        }
    }

    /** GATHER_ND's and GATHER_ND1's cases; batch sizes that differ are valid with the BATCH_SIZES_DIFFER warning. */
    @ParameterizedTest
    @EnumSource(value = FeatureLevel.class, names = {"LEVEL_4_1", "LEVEL_6_4"})
    void everyGatherNdConfigurationInUseGivesValidCases(FeatureLevel level) {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        List<GatherNdCaseOptions> configurations = List.of(GatherNdCaseOptions.defaults(),
                GatherNdCaseOptions.defaults().withShapes(3_000, 40),
                GatherNdCaseOptions.defaults().with(BatchSizes.SOMETIMES_DIFFERENT).with(ElementValues.FINITE)
                        .with(Placement.EXACT));
        for (GatherNdCaseOptions options : configurations) {
            GatherNdCases cases = new GatherNdCases(options);
            SplittableRandom seeds = new SplittableRandom(0xC45E5L);
            for (int n = 0; n < CASES; n++) {
                GatherNdCase c = cases.generate(seeds.nextLong());
                ValidationResult result = validator.validate(c.desc(), level);
                assertTrue(result.isValid(), () -> c + " at " + level.cName() + ": " + result);
            }
        }
    }

    /** SCATTER_ELEMENTS' and SCATTER_ND's cases; other DimensionCounts are valid with a warning. */
    @ParameterizedTest
    @EnumSource(value = FeatureLevel.class, names = {"LEVEL_4_1", "LEVEL_6_4"})
    void everyScatterConfigurationInUseGivesValidCases(FeatureLevel level) {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        for (ScatterCases.Kind kind : ScatterCases.Kind.values()) {
            for (CaseOptions options : List.of(CaseOptions.defaults(), CaseOptions.defaults().withShapes(800, 10),
                    CaseOptions.defaults().with(ElementValues.FINITE).with(Placement.EXACT))) {
                ScatterCases cases = new ScatterCases(kind, options);
                SplittableRandom seeds = new SplittableRandom(0x5CA7L);
                for (int n = 0; n < CASES; n++) {
                    ScatterCase c = cases.generate(seeds.nextLong());
                    ValidationResult result = validator.validate(c.desc(), level);
                    assertTrue(result.isValid(), () -> c + " at " + level.cName() + ": " + result);
                }
            }
        }
    }
}
