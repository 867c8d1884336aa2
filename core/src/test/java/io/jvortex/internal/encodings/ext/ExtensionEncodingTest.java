package io.jvortex.internal.encodings.ext;

import static io.jvortex.array.TestNodes.Node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.Golden;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtensionEncodingTest {
    private static final DType.Extension DATE = new DType.Extension("vortex.date",
            new DType.Primitive(PType.I32, true), new byte[] {4});
    private final Arena arena = Arena.ofAuto();

    @Test
    void goldenUuids() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            List<Object> bytes = new ArrayList<>();
            for (long word : new long[] {Golden.h(51, i), Golden.h(52, i)}) {
                for (int k = 0; k < 8; k++) {
                    bytes.add((word >>> (8 * k)) & 0xFF);
                }
            }
            expected.add(bytes);
        }
        assertThat(Golden.column("ext/ext.vortex", "uuid")).isEqualTo(expected);
    }

    /** An extension id this reader does not know reads through its storage type (file: see golden/ext/README.md). */
    @Test
    void goldenUnknownExtensionReadsAsItsStorage() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            expected.add(i % 3 == 0 ? null : 18262L + i % 28);
        }
        assertThat(Golden.column("ext/unknown.vortex", "d")).isEqualTo(expected);
        try (Arena confined = Arena.ofConfined();
             var reader = io.jvortex.api.VortexReader.open(TestSupport.segment(confined,
                     Golden.resource("ext/unknown.vortex")), "unknown.vortex",
                     io.jvortex.api.ReaderOptions.defaults());
             var scan = reader.scan(io.jvortex.api.ScanOptions.builder().columns("d").build())) {
            DType.Struct schema = (DType.Struct) reader.schema();
            DType.Extension ext = (DType.Extension) schema.fields().get(0);
            assertThat(ext.id()).isEqualTo("acme.custom");
            assertThat(ext.storage()).isEqualTo(new DType.Primitive(PType.I32, true));
            assertThat(io.jvortex.dtype.Extensions.kind(ext)).isEmpty();
            try (var chunk = scan.next()) {
                Canonical d = chunk.rawField("d");
                assertThat(io.jvortex.internal.jsonl.JsonlWriter.toJson(d, 0)).isEqualTo("null");
                assertThat(io.jvortex.internal.jsonl.JsonlWriter.toJson(d, 1)).isEqualTo("18263");
            }
        }
    }

    @Test
    void storageCarriesValuesAndValidity() {
        Node node = Node.of(ExtensionEncoding.ID, new byte[0], List.of(),
                TestNodes.i32(19000, -1, 0).with(TestNodes.bools(true, false, true)));
        Canonical out = TestNodes.decode(node, DATE, 3, arena);
        assertThat(out).isInstanceOf(ExtensionArray.class);
        assertThat(out.dtype()).isEqualTo(DATE);
        assertThat(TestSupport.rows(out)).containsExactly(19000L, null, 0L);
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ExtensionEncoding.ID, new byte[0], List.of()), DATE, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ExtensionEncoding.ID, new byte[0], List.of(), TestNodes.i32(1),
                TestNodes.i32(2)), DATE, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ExtensionEncoding.ID, new byte[] {0}, List.of(),
                TestNodes.i32(1)), DATE, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ExtensionEncoding.ID, new byte[0], List.of(new byte[2]),
                TestNodes.i32(1)), DATE, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ExtensionEncoding.ID, new byte[0], List.of(),
                TestNodes.i32(1)), DATE.storage(), 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("cannot hold");
        // Storage of the wrong width for its dtype fails in the child.
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ExtensionEncoding.ID, new byte[0], List.of(),
                TestNodes.i64(1)), DATE, 1, arena)).isInstanceOf(VortexException.class);
    }
}
