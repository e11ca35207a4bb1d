package dev.dmlemu.featurelevels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.OperatorType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The operators the validator knows: each registered once, with its own support tables. */
class OperatorCatalogTest {

    @Test
    void theGathersAndScattersAreRegisteredFirstWithTheirOwnTables() {
        assertEquals(List.of(OperatorType.GATHER_ELEMENTS, OperatorType.GATHER, OperatorType.GATHER_ND,
                OperatorType.GATHER_ND1, OperatorType.SCATTER_ELEMENTS, OperatorType.SCATTER_ND),
                OperatorCatalog.operators().subList(0, 6));
        assertSame(GatherElementsSupport.SUPPORT, OperatorCatalog.support(OperatorType.GATHER_ELEMENTS).orElseThrow());
        assertSame(GatherSupport.SUPPORT, OperatorCatalog.support(OperatorType.GATHER).orElseThrow());
        assertSame(GatherNdSupport.ND_SUPPORT, OperatorCatalog.support(OperatorType.GATHER_ND).orElseThrow());
        assertSame(GatherNdSupport.ND1_SUPPORT, OperatorCatalog.support(OperatorType.GATHER_ND1).orElseThrow());
        assertSame(ScatterSupport.ELEMENTS_SUPPORT,
                OperatorCatalog.support(OperatorType.SCATTER_ELEMENTS).orElseThrow());
        assertSame(ScatterSupport.ND_SUPPORT, OperatorCatalog.support(OperatorType.SCATTER_ND).orElseThrow());
    }

    @Test
    void everyOperatorWithTablesHasRules() {
        // All 177 operators have tables (REDUCE's are per Function).
        assertEquals(177, OperatorCatalog.operators().size());
        assertTrue(OperatorCatalog.operators().containsAll(List.of(OperatorType.CAST, OperatorType.GEMM,
                OperatorType.JOIN, OperatorType.CONVOLUTION, OperatorType.FILL_VALUE_SEQUENCE)));
    }

    @Test
    void reduceAndReverseSubsequencesHaveRulesAndTheCatalogIsFixed() {
        assertTrue(OperatorCatalog.rules(OperatorType.REDUCE).isPresent());
        assertTrue(OperatorCatalog.rules(OperatorType.REVERSE_SUBSEQUENCES).isPresent());
        assertThrows(UnsupportedOperationException.class, () -> OperatorCatalog.operators().add(OperatorType.CAST));
    }
}
