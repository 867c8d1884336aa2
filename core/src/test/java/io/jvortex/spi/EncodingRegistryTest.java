package io.jvortex.spi;

import io.jvortex.registry.EncodingRegistry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The registry: built-ins, user encodings by builder and ServiceLoader, unknown ids. */
class EncodingRegistryTest {
    /** Same length as "vortex.primitive", so the footer stays valid when the id is renamed. */
    private static final String RENAMED = "acme.primitive00";

    /** Registered through META-INF/services in the test resources. */
    public static final class ServiceLoadedEncoding implements Encoding {
        @Override
        public String id() {
            return "test.service-loaded";
        }

        @Override
        public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
            throw node.error("never used");
        }
    }

    /** A user encoding that decodes the renamed id exactly like vortex.primitive. */
    private static final class Renamed implements Encoding {
        private final Encoding primitive = EncodingRegistry.defaults().find("vortex.primitive");

        @Override
        public String id() {
            return RENAMED;
        }

        @Override
        public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
            return primitive.decode(node, dtype, length, ctx);
        }
    }

    private static byte[] renamedFile() throws IOException {
        byte[] bytes = SampleFiles.bytes("tiny.vortex");
        byte[] from = "vortex.primitive".getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(bytes, from);
        assertThat(at).as("id in the footer").isPositive();
        System.arraycopy(RENAMED.getBytes(StandardCharsets.US_ASCII), 0, bytes, at, from.length);
        return bytes;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static Canonical firstColumn(byte[] file, ReaderOptions options) {
        try (VortexReader r = VortexReader.open(MemorySegment.ofArray(file), "renamed.vortex", options);
             ScanIterator it = r.scan();
             Chunk c = it.next()) {
            Canonical v = c.rawField("v");
            return v instanceof PrimitiveArray p ? p.slice(0, p.length()) : v;
        }
    }

    @Test
    void defaultsHoldEveryBuiltinAndServiceLoadedEncodings() {
        assertThat(EncodingRegistry.defaults().ids()).contains("vortex.primitive", "fastlanes.bitpacked",
                "vortex.onpair", "vortex.alp", "fastlanes.delta", "vortex.bytebool", "test.service-loaded");
    }

    @Test
    void everyArrayIdOfEveryEditionIsRegistered() {
        for (io.jvortex.api.Edition edition : io.jvortex.api.Edition.values()) {
            for (String id : edition.arrayIds()) {
                assertThat(EncodingRegistry.defaults().find(id)).as(id + " of " + edition.id()).isNotNull()
                        .satisfies(e -> assertThat(e.id()).isEqualTo(id));
            }
        }
    }

    @Test
    void unknownIdFailsNamingItAndWhere() throws IOException {
        byte[] file = renamedFile();
        assertThatThrownBy(() -> firstColumn(file, ReaderOptions.defaults()))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("unknown array encoding '" + RENAMED + "'")
                .hasMessageContaining("root.v");
    }

    @Test
    void allowUnknownReadsAroundIt() throws IOException {
        Canonical v = firstColumn(renamedFile(), ReaderOptions.defaults().withAllowUnknown(true));
        assertThat(v).isInstanceOfSatisfying(OpaqueArray.class, o -> {
            assertThat(o.encodingId()).isEqualTo(RENAMED);
            assertThat(o.length()).isEqualTo(3);
        });
    }

    @Test
    void userEncodingFromTheBuilderDecodesTheRenamedId() throws IOException {
        EncodingRegistry registry = EncodingRegistry.builder().addBuiltins().register(new Renamed()).build();
        Canonical v = firstColumn(renamedFile(), ReaderOptions.defaults().withEncodings(registry));
        assertThat(v).isInstanceOfSatisfying(PrimitiveArray.class, p -> {
            assertThat(p.getDouble(0)).isEqualTo(1.5);
            assertThat(p.getDouble(1)).isEqualTo(2.5);
            assertThat(p.isValid(2)).isFalse();
        });
    }
}
