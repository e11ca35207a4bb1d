package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three of DxDispatch's own repository models ({@code DxDispatch/models/} in microsoft/DirectML), cut down to what
 * decides their fate here: each is refused for what dmlemu does not do, named, with what it does.
 */
class DxDispatchRepositoryModelsTest {

    @TempDir
    Path dir;

    private Cli.Result runAndValidate(String name, String model, String... fragments) {
        Path file = Cli.write(dir, name, model);
        Cli.run("validate", file.toString()).assertUnusable(fragments);
        return Cli.run("run", file.toString(), "--backend", "emulator").assertUnusable(fragments);
    }

    /** image_io.json: a JPEG resampled into a buffer, a convolution, the result written as a PNG. */
    @Test
    void imageIoNamesImages() {
        runAndValidate("image_io.json", """
                {
                    "$schema": "./_schema.json",
                    "resources":
                    {
                        "input":
                        {
                            "initialValues": { "sourcePath": "chihuahua.jpg" },
                            "initialValuesDataType": "FLOAT32",
                            "resampleSize": [1, 3, 512, 512]
                        },
                        "output": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 786432, "value": 0 } }
                    },
                    "dispatchables": {},
                    "commands":
                    [
                        { "type": "writeFile", "targetPath": "output.png", "resource": "output", "dimensions": [1, 1, 512, 512] }
                    ]
                }
                """, "image_io.json: resources.input.resampleSize: 'resampleSize' resamples an image file: images are"
                + " not supported (initial values come from arrays, generators, or .npy (typed), .dat or .bin (raw"
                + " bytes of initialValuesDataType) files) (line 9, column 13)");
    }

    /** onnx_dynamic_shapes.json: an onnx dispatchable whose output lands in a deferred resource. */
    @Test
    void onnxDynamicShapesNamesDeferredResourcesAndOnnx() {
        runAndValidate("onnx_dynamic_shapes.json", """
                {
                    "$schema": "./_schema.json",
                    "resources":
                    {
                        "a": { "initialValuesDataType": "FLOAT32", "initialValues": [ 1, 2, 3, 4, 5, 6 ] },
                        "deferredY": { "initialValuesDataType": "FLOAT32", "initialValues": "deferred" }
                    },
                    "dispatchables": { "concat": { "type": "onnx", "sourcePath": "onnx_dynamic_shapes.onnx" } },
                    "commands":
                    [
                        { "type": "dispatch", "dispatchable": "concat", "bindings": { "x0": { "name": "a", "shape": [1,2] } } },
                        { "type": "print", "resource": "deferredY" }
                    ]
                }
                """, "onnx_dynamic_shapes.json: resources.deferredY.initialValues: deferred resources (\"deferred\":"
                + " filled by an onnx dispatchable when it runs) are not supported: dmlemu runs no onnx dispatchables,"
                + " only DirectML operators (line 6, column 77)");
        // Without the deferred resource, the onnx dispatchable itself is named.
        runAndValidate("onnx_only.json", """
                { "resources": {}, "dispatchables": { "concat": { "type": "onnx", "sourcePath": "m.onnx" } },
                  "commands": [] }
                """, "onnx_only.json: dispatchables.concat.type: 'onnx' dispatchables are not supported: only DirectML"
                + " operators are (DML_OPERATOR_GEMM, ...; 'dmlemu schema' lists them) (line 1, column 59)");
    }

    /**
     * dml_element_wise_add_npy.json, with its two data files: A from a .npy without initialValuesDataType, B from a raw
     * .dat. Both are read (they are supported), and so is the desc, which the validator accepts (its rules come from
     * the ELEMENT_WISE_ADD tables), and the emulator runs it: 1..6 plus 1..6.
     */
    @Test
    void elementWiseAddNpyNamesTheOperator() throws IOException {
        ByteBuffer six = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 1; i <= 6; i++) {
            six.putFloat(i);
        }
        NpyFile.write(dir.resolve("dml_element_wise_add_input.npy"), TensorDataType.FLOAT32, List.of(6L), six.flip());
        Files.write(dir.resolve("dml_element_wise_add_input.dat"), six.array());
        Path file = Cli.write(dir, "dml_element_wise_add_npy.json", """
                {
                    "$schema": "./_schema.json",
                    "resources":
                    {
                        "A": { "initialValues": { "sourcePath": "dml_element_wise_add_input.npy" } },
                        "B": { "initialValuesDataType": "FLOAT32", "initialValues": { "sourcePath": "dml_element_wise_add_input.dat" } },
                        "Out": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 6, "value": 0 } }
                    },
                    "dispatchables":
                    {
                        "add":
                        {
                            "type": "DML_OPERATOR_ELEMENT_WISE_ADD",
                            "desc":
                            {
                                "ATensor": { "DataType": "FLOAT32", "Sizes": [6] },
                                "BTensor": { "DataType": "FLOAT32", "Sizes": [6] },
                                "OutputTensor": { "DataType": "FLOAT32", "Sizes": [6] }
                            }
                        }
                    },
                    "commands":
                    [
                        { "type": "dispatch", "dispatchable": "add", "bindings": { "ATensor": "A", "BTensor": "B", "OutputTensor": "Out" } },
                        { "type": "print", "resource": "Out" },
                        { "type": "writeFile", "targetPath": "dml_element_wise_add_output.npy", "resource": "Out" }
                    ]
                }
                """);
        Cli.Result validated = Cli.run("validate", file.toString());
        assertEquals(ExitCode.SUCCESS.code(), validated.code(), validated.err());
        // The model's writeFile goes to the test's folder, not the working directory.
        Cli.Result run = Cli.run("run", file.toString(), "--backend", "emulator", "--output-dir", dir.toString());
        assertEquals(ExitCode.SUCCESS.code(), run.code(), run.err());
        assertTrue(Files.exists(dir.resolve("dml_element_wise_add_output.npy")));
        assertTrue(run.out().contains("Resource 'Out': 2, 4, 6, 8, 10, 12"), run.out());
    }
}
