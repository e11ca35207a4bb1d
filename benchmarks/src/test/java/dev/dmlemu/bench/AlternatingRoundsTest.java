package dev.dmlemu.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlternatingRoundsTest {

    @Test
    void turnsGoForwardsInEvenRoundsAndBackwardsInOddOnes() throws Exception {
        List<String> ran = new ArrayList<>();
        List<AlternatingRounds.Call> contestants = List.of(() -> ran.add("a"), () -> ran.add("b"), () -> ran.add("c"));

        AlternatingRounds rounds = AlternatingRounds.time(contestants, 3, 2);

        assertEquals(List.of("a", "a", "b", "b", "c", "c", "c", "c", "b", "b", "a", "a", "a", "a", "b", "b", "c", "c"),
                ran);
        assertEquals(3, rounds.roundMediansMs().length);
        assertEquals(6, rounds.callsNs()[2].length);
    }
}
