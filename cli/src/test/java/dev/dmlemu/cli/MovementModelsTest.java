package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The DxDispatch-shaped data-movement models of model-files run on the emulator and print what was worked out by
 * hand: SLICE rows 1-2, columns 1-2 of 0..11 in {3, 4}; JOIN of 0..5 bound from element 2 for 3 elements with 7, 8;
 * SPLIT of 10..13 into 1 and 3; FILL_VALUE_SEQUENCE from -7 by 3; CUMULATIVE_PRODUCT of 1..5, exclusive and
 * decreasing; TOP_K's 3 largest of 3, 1, 4, 1, 5 and of 9, 2, 6, 5, 3 with their positions; REDUCE MAX of 1, 3, ..., 15
 * along rows of 4; DIAGONAL_MATRIX1 without InputTensor, {3, 4}, bounds inverted (Begin 3, End -1): 5 where x - y
 * is 3 or more or below -1 (row 0 column 3, row 2 column 0), 0 elsewhere.
 */
class MovementModelsTest {

    private static final Path MODELS = Path.of("..", "model-files", "src", "test", "resources", "models", "operators")
            .toAbsolutePath().normalize();

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "slice.json|Resource 'y': 5, 6, 9, 10\\n",
        "join.json|Resource 'y': 2, 3, 4, 7, 8\\n",
        "split.json|Resource 'y0': 10\\nResource 'y1': 11, 12, 13\\n",
        "fill_value_sequence.json|Resource 'y': -7, -4, -1, 2\\n",
        "cumulative_product.json|Resource 'y': 120, 60, 20, 5, 1\\n",
        "top_k.json|Resource 'values': 5, 4, 3, 9, 6, 5\\nResource 'indices': 4, 2, 0, 0, 2, 3\\n",
        "reduce.json|Resource 'y': 7, 15\\n",
        "diagonal_matrix1.json|Resource 'Y': 0, 0, 0, 5, 0, 0, 0, 0, 5, 0, 0, 0\\n"})
    void runsOnTheEmulator(String model, String printed) {
        Cli.Result result = Cli.run("run", MODELS.resolve(model).toString(), "--backend", "emulator");
        assertEquals(0, result.code(), result.err());
        assertEquals(printed.replace("\\n", "\n"), result.out());
    }
}
