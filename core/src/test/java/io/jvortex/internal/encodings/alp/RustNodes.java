package io.jvortex.internal.encodings.alp;

import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.varbin.Golden;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Test-only: every array node the Rust reference wrote into the golden resources (the {@code .vortex}
 * files and the serialized arrays of the {@code cases.tsv} directories), for checking that a metadata
 * record re-serializes a Rust-written node's metadata byte for byte.
 */
public final class RustNodes {
    /** The golden directories whose cases are serialized arrays rather than files. */
    private static final List<String> CASE_DIRS = List.of("alp", "alprd", "datetimeparts", "decimalbyteparts",
            "sequence", "zigzag");

    private RustNodes() {
    }

    /**
     * Calls {@code check} on every Rust-written node of an encoding (the node is valid during the call only).
     *
     * @param encodingId the encoding id
     * @param check the check
     * @return how many nodes were checked
     */
    public static int forEach(String encodingId, Consumer<ArrayNode> check) {
        int[] count = {0};
        Consumer<ArrayNode> visit = n -> {
            if (n.encodingId().equals(encodingId)) {
                check.accept(n);
                count[0]++;
            }
        };
        for (String dir : CASE_DIRS) {
            for (GoldenCase c : GoldenCase.load(dir)) {
                walk(c.serialized().root(), visit);
            }
        }
        for (Path p : files()) {
            try (VortexFile file = VortexFile.open(p)) {
                walk(file, file.rootLayout(), visit);
            }
        }
        return count[0];
    }

    /**
     * Calls {@code check} on every Rust-written node of an encoding that is the root of a file's flat
     * layout, with the layout's dtype (the node's own).
     *
     * @param encodingId the encoding id
     * @param check the check
     * @return how many nodes were checked
     */
    public static int forEachFlatRoot(String encodingId, BiConsumer<ArrayNode, DType> check) {
        int count = 0;
        for (Path p : files()) {
            try (VortexFile file = VortexFile.open(p)) {
                count += flatRoots(file, file.rootLayout(), encodingId, check);
            }
        }
        return count;
    }

    /**
     * @param node a node
     * @return its metadata bytes
     */
    public static byte[] metadata(ArrayNode node) {
        return node.metadata().toArray(ValueLayout.JAVA_BYTE);
    }

    private static List<Path> files() {
        try (Stream<Path> s = Files.walk(Golden.path("alp").getParent())) {
            return s.filter(p -> p.toString().endsWith(".vortex")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int flatRoots(VortexFile file, Layout l, String encodingId, BiConsumer<ArrayNode, DType> check) {
        int count = 0;
        if (l instanceof Layout.Flat flat) {
            ArrayNode root = SerializedArray.parse(file.segment(flat.segmentId()),
                    file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path()).root();
            if (root.encodingId().equals(encodingId)) {
                check.accept(root, flat.dtype());
                count++;
            }
        }
        for (Layout c : l.children()) {
            count += flatRoots(file, c, encodingId, check);
        }
        return count;
    }

    private static void walk(VortexFile file, Layout l, Consumer<ArrayNode> visit) {
        if (l instanceof Layout.Flat flat) {
            SerializedArray a = SerializedArray.parse(file.segment(flat.segmentId()),
                    file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path());
            walk(a.root(), visit);
        }
        l.children().forEach(c -> walk(file, c, visit));
    }

    private static void walk(ArrayNode n, Consumer<ArrayNode> visit) {
        visit.accept(n);
        for (int i = 0; i < n.childCount(); i++) {
            walk(n.child(i), visit);
        }
    }
}
