package dev.dmlemu.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Runs {@code setup-directml.sh} from the jar: the script, its helpers and the host's C sources travel as resources
 * of native-bridge ({@value #FOLDER}); they are copied to a temporary folder, run from there, and deleted.
 */
final class DirectMlSetupScript {

    static final String FOLDER = "dev/dmlemu/nativebridge/host/";
    private static final String SCRIPT = "setup-directml.sh";

    private DirectMlSetupScript() {
    }

    /**
     * Runs the script with {@code arguments}, its output going straight to this process's stdout and stderr.
     *
     * @return the script's exit code
     */
    static int run(List<String> arguments) throws IOException, InterruptedException {
        Path folder = Files.createTempDirectory("dmlemu-setup-");
        try {
            extract(folder);
            List<String> command = new ArrayList<>(List.of("bash", folder.resolve(SCRIPT).toString(), "--sources",
                    folder.toString()));
            command.addAll(arguments);
            Process process = new ProcessBuilder(command).inheritIO().start();
            return process.waitFor();
        } finally {
            deleteTree(folder);
        }
    }

    /** Copies every non-class resource under {@value #FOLDER} into {@code target}. */
    static void extract(Path target) throws IOException {
        URL script = DirectMlSetupScript.class.getClassLoader().getResource(FOLDER + SCRIPT);
        if (script == null) {
            throw new IOException("this dmlemu build has no " + FOLDER + SCRIPT);
        }
        if (script.getProtocol().equals("jar")) {
            JarURLConnection connection = (JarURLConnection) script.openConnection();
            connection.setUseCaches(false);
            try (JarFile jar = connection.getJarFile()) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    String name = entry.getName();
                    if (name.startsWith(FOLDER) && !entry.isDirectory() && !name.endsWith(".class")
                            && name.indexOf('/', FOLDER.length()) < 0) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            Files.copy(in, target.resolve(name.substring(FOLDER.length())));
                        }
                    }
                }
            }
            return;
        }
        Path source;
        try {
            source = Path.of(script.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().endsWith(".class")).toList()) {
                Files.copy(file, target.resolve(file.getFileName().toString()));
            }
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
