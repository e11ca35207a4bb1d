package dev.dmlemu.nativebridge.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code dmlemu setup-directml} left in the cache folder ({@code ${XDG_CACHE_HOME:-~/.cache}/dmlemu}): its
 * manifest ({@code KEY=value} lines, docs/architecture.md) and so the command that starts the host, or why there is
 * none.
 *
 * @param cache the cache folder
 * @param manifest the manifest's entries
 */
public record HostSetup(Path cache, Map<String, String> manifest) {

    /** The manifest's format version this client reads. */
    static final String MANIFEST_VERSION = "1";
    /** The launcher inside the jar (and next to setup-directml.sh in a checkout). */
    static final String RUN_HOST_RESOURCE = "/dev/dmlemu/nativebridge/host/run-host.sh";

    public HostSetup {
        manifest = Map.copyOf(manifest);
    }

    /** The cache folder the setup uses, from the environment. */
    public static Path cacheFolder(Map<String, String> environment) {
        String xdg = environment.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")), ".cache");
        return base.resolve("dmlemu");
    }

    /**
     * The setup in the cache folder, or a sentence saying what is missing.
     *
     * @return the setup, or {@link Optional#empty()} with {@code whyNot} filled in
     */
    public static Optional<HostSetup> find(Map<String, String> environment, StringBuilder whyNot) {
        Path cache = cacheFolder(environment);
        Path manifestFile = cache.resolve("manifest");
        if (!Files.isRegularFile(manifestFile)) {
            whyNot.append("the real DirectML on Linux is not set up (no ").append(manifestFile)
                    .append("); run dmlemu setup-directml");
            return Optional.empty();
        }
        Map<String, String> entries = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(manifestFile, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    entries.put(line.substring(0, eq).strip(), line.substring(eq + 1));
                }
            }
        } catch (IOException e) {
            whyNot.append("cannot read ").append(manifestFile).append(": ").append(e.getMessage());
            return Optional.empty();
        }
        if (!MANIFEST_VERSION.equals(entries.get("MANIFEST_VERSION"))) {
            whyNot.append(manifestFile).append(" is manifest version ").append(entries.get("MANIFEST_VERSION"))
                    .append(", this dmlemu reads ").append(MANIFEST_VERSION).append("; run dmlemu setup-directml");
            return Optional.empty();
        }
        for (String key : List.of("HOST_EXE", "DIRECTML_DLL", "WINE")) {
            String value = entries.get(key);
            if (value == null || !Files.isRegularFile(Path.of(value))) {
                whyNot.append(manifestFile).append(": ").append(key).append(value == null ? " is missing"
                        : " names " + value + ", which is not a file").append("; run dmlemu setup-directml");
                return Optional.empty();
            }
        }
        return Optional.of(new HostSetup(cache, entries));
    }

    /** The DirectML version the setup fetched, e.g. {@code 1.15.4}. */
    public String directMlVersion() {
        return manifest.getOrDefault("DIRECTML_VERSION", "unknown");
    }

    /** {@code bash run-host.sh CACHE}, the launcher taken from the jar into a temporary file. */
    public HostLauncher launcher() {
        return HostLauncher.of(List.of("bash", RunHostScript.path().toString(), cache.toString()),
                "the setup in " + cache);
    }

    /** run-host.sh written once per JVM from the jar's resources. */
    private static final class RunHostScript {
        private static Path extracted;

        static synchronized Path path() {
            if (extracted != null && Files.isRegularFile(extracted)) {
                return extracted;
            }
            try (InputStream in = HostSetup.class.getResourceAsStream(RUN_HOST_RESOURCE)) {
                if (in == null) {
                    throw new HostProtocolException("this dmlemu build has no " + RUN_HOST_RESOURCE);
                }
                Path file = Files.createTempFile("dmlemu-run-host-", ".sh");
                file.toFile().deleteOnExit();
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                extracted = file;
                return file;
            } catch (IOException e) {
                throw new HostProtocolException("cannot write run-host.sh to a temporary file: " + e.getMessage());
            }
        }
    }
}
