package io.jvortex;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceRule;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package layers of {@code core}, bottom to top: a class may use classes of its own layer and of
 * the layers below it, never of a layer above (so there are no cycles between layers either). The table
 * is the one in the README's architecture section; a new upward edge fails here with the classes that
 * make it. Lower layers get what they need from above by parameters (e.g. the framework decodes through
 * an {@code EncodingLookup} that the registry implements), never by import.
 */
class LayeringTest {
    /** Bottom to top; a package belongs to the first entry that it equals or lies under. */
    static final List<String> LAYERS = List.of(
            "error",                 // VortexException: everything may throw it
            "internal.flatbuffers", "internal.protobuf", "internal.zstd", "internal.pco", // formats and codecs
            "dtype", "scalar",       // types and values
            "internal.format",       // the footer's flatbuffer forms of dtypes and statistics
            "array", "internal.jsonl", // canonical arrays, their text form
            "spi",                   // the encoding framework: contract, node model for both directions
            "internal.compress",     // the framework: schemes, sampling, cascade
            "internal.encodings.*",  // one package per encoding: decoder, encoder, scheme, encoded forms
            "internal.registry", "registry", // the built-in encodings and schemes; the public registry
            "internal.layout", "io", "internal.file", // layout tree, byte sources, file structure
            "expr",                  // expressions, binding, evaluation kernels
            "internal.scan", "internal.write", // reading and writing tables
            "api");                  // what users touch (api.internal: the engine's bridge into it)                  // what users touch

    /**
     * Upward edges that exist today, each by its source and target class: the scan and write engines
     * take the public option and result types of {@code api} (the facades in {@code api} construct them),
     * and create chunks through the bridge {@code api.internal.ApiAccess}.
     * Any edge not in this list fails the test.
     */
    static final Set<String> KNOWN_UPWARD = Set.of(
            "io.jvortex.internal.scan.LayoutScan -> io.jvortex.api.Chunk",
            "io.jvortex.internal.scan.LayoutScan -> io.jvortex.api.internal.ApiAccess",
            "io.jvortex.internal.scan.LayoutScan -> io.jvortex.api.ReaderOptions",
            "io.jvortex.internal.scan.LayoutScan -> io.jvortex.api.ScanIterator",
            "io.jvortex.internal.scan.LayoutScan -> io.jvortex.api.ScanOptions",
            "io.jvortex.internal.scan.RowTake -> io.jvortex.api.Chunk",
            "io.jvortex.internal.scan.RowTake -> io.jvortex.api.ReaderOptions",
            "io.jvortex.internal.scan.RowTake -> io.jvortex.api.internal.ApiAccess",
            "io.jvortex.internal.scan.Splits -> io.jvortex.api.Split",
            "io.jvortex.internal.scan.ZoneMap -> io.jvortex.api.ReaderOptions",
            "io.jvortex.internal.scan.ZonePruner -> io.jvortex.api.ReaderOptions",
            "io.jvortex.internal.write.Compressors -> io.jvortex.api.Edition",
            "io.jvortex.internal.write.Compressors -> io.jvortex.api.WriteOptions",
            "io.jvortex.internal.write.TableWriter -> io.jvortex.api.Edition",
            "io.jvortex.internal.write.TableWriter -> io.jvortex.api.WriteOptions");

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() throws java.net.URISyntaxException {
        // core's own classes only, from where they were compiled: the test kit shares the io.jvortex
        // prefix, and under `mvn test` (no jars yet) its classes are a directory on the class path too
        java.nio.file.Path core = java.nio.file.Path.of(io.jvortex.api.VortexReader.class.getProtectionDomain()
                .getCodeSource().getLocation().toURI());
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPath(core);
    }

    /**
     * @param javaPackage a package under {@code io.jvortex}
     * @return its index in {@link #LAYERS}
     */
    static int layerOf(String javaPackage) {
        String rest = javaPackage.equals("io.jvortex") ? "" : javaPackage.substring("io.jvortex.".length());
        if (rest.startsWith("internal.encodings.")) {
            return LAYERS.indexOf("internal.encodings.*");
        }
        for (int i = 0; i < LAYERS.size(); i++) {
            String layer = LAYERS.get(i);
            if (rest.equals(layer) || rest.startsWith(layer + ".")) {
                return i;
            }
        }
        throw new AssertionError("package " + javaPackage + " has no layer: add it to LayeringTest.LAYERS and to the "
                + "README's architecture table");
    }

    @Test
    void everyPackageHasALayer() {
        assertThat(classes).isNotEmpty();
        for (JavaClass c : classes) {
            layerOf(c.getPackageName());
        }
    }

    @Test
    void noClassUsesALayerAboveItsOwn() {
        Set<String> upward = new TreeSet<>();
        for (JavaClass c : classes) {
            int from = layerOf(c.getPackageName());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass().getBaseComponentType();
                if (!target.getPackageName().startsWith("io.jvortex.") || target.getPackageName().isEmpty()) {
                    continue;
                }
                int to = layerOf(target.getPackageName());
                if (to > from) {
                    upward.add(outermost(c).getName() + " -> " + outermost(target).getName());
                }
            }
        }
        List<String> unexpected = new ArrayList<>(upward);
        unexpected.removeAll(KNOWN_UPWARD);
        assertThat(unexpected).as("imports from a lower layer to a higher one (layers bottom to top: %s)", LAYERS)
                .isEmpty();
        List<String> gone = new ArrayList<>(KNOWN_UPWARD);
        gone.removeAll(upward);
        assertThat(gone).as("known upward edges that no longer exist: remove them from KNOWN_UPWARD").isEmpty();
    }

    @Test
    void encodingPackagesDoNotDependOnEachOtherInCircles() {
        SliceRule rule = SlicesRuleDefinition.slices().matching("io.jvortex.internal.encodings.(*)..").should().beFreeOfCycles();
        rule.check(classes);
    }

    private static JavaClass outermost(JavaClass c) {
        JavaClass out = c;
        while (out.getEnclosingClass().isPresent()) {
            out = out.getEnclosingClass().get();
        }
        return out;
    }
}
