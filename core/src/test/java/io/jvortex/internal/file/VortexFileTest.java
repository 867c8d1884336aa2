package io.jvortex.internal.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.ZoneSchema;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Container parsing against files written by the Rust reference (see resources/files/make_files.py). */
class VortexFileTest {
    private static VortexFile open(String name) throws IOException {
        return VortexFile.of(MemorySegment.ofArray(SampleFiles.bytes(name)), name);
    }

    @Test
    void mixedTableSchemaRowsLayoutAndStatistics() throws IOException {
        try (VortexFile f = open("mixed_default.vortex")) {
            assertThat(f.rowCount()).isEqualTo(3000);
            DType.Struct s = (DType.Struct) f.dtype();
            assertThat(s.nullable()).isFalse();
            assertThat(s.names()).containsExactly("id", "qty", "price", "ratio", "flag", "mode", "comment", "day",
                    "ts", "amount", "tags", "point");
            assertThat(s.fields().get(0)).isEqualTo(new DType.Primitive(PType.I64, true));
            assertThat(s.fields().get(7).display()).isEqualTo("vortex.date(d)?");
            assertThat(s.fields().get(8).display()).isEqualTo("vortex.timestamp(us, tz=UTC)?");
            assertThat(s.fields().get(9)).isEqualTo(new DType.Decimal(12, 2, true));
            assertThat(f.rootLayout()).isInstanceOf(Layout.Struct.class);
            Layout id = ((Layout.Struct) f.rootLayout()).fields().get(0);
            assertThat(id).isInstanceOfSatisfying(Layout.Zoned.class, z -> {
                assertThat(z.encodingId()).isEqualTo("vortex.zoned");
                assertThat(z.zoneLength()).isEqualTo(8192);
                assertThat(z.schema().columns()).extracting(ZoneSchema.Column::name)
                        .containsExactly("vortex.max()", "vortex.min()", "vortex.null_count()");
            });
            var stats = f.fieldStatistics().get(0);
            assertThat(stats.min().orElseThrow().asLong()).isZero();
            assertThat(stats.max().orElseThrow().asLong()).isEqualTo(2999);
            assertThat(stats.nullCount().orElseThrow()).isZero();
            var price = f.fieldStatistics().get(2);
            assertThat(price.nullCount().orElseThrow()).isEqualTo(429); // every 7th of 3000 rows
            assertThat(price.nanCount().orElseThrow()).isZero();
        }
    }

    @Test
    void legacyEditionUsesStatsLayout() throws IOException {
        try (VortexFile f = open("mixed_core2025.05.0.vortex")) {
            Layout id = ((Layout.Struct) f.rootLayout()).fields().get(0);
            assertThat(id).isInstanceOfSatisfying(Layout.Zoned.class, z -> {
                assertThat(z.encodingId()).isEqualTo("vortex.stats");
                assertThat(z.schema().tableDType().names()).startsWith("max", "max_is_truncated", "min",
                        "min_is_truncated");
            });
        }
    }

    @Test
    void emptyTableIsAChildlessChunkedLayout() throws IOException {
        try (VortexFile f = open("empty.vortex")) {
            assertThat(f.rowCount()).isZero();
            Layout a = ((Layout.Struct) f.rootLayout()).fields().get(0);
            assertThat(a).isInstanceOf(Layout.Chunked.class);
            assertThat(a.children()).isEmpty();
        }
    }

    @Test
    void wrongVersionAndMagicAreRejectedWithOffsets() throws IOException {
        byte[] bytes = SampleFiles.bytes("tiny.vortex");
        byte[] badVersion = bytes.clone();
        ByteBuffer.wrap(badVersion).order(ByteOrder.LITTLE_ENDIAN).putShort(bytes.length - 8, (short) 2);
        assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(badVersion), "v2"))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("unsupported format version 2")
                .satisfies(e -> assertThat(((VortexException) e).byteOffset()).isEqualTo(bytes.length - 8));
        byte[] badMagic = bytes.clone();
        badMagic[bytes.length - 1] = 'X';
        assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(badMagic), "m"))
                .isInstanceOf(VortexException.class).hasMessageContaining("magic");
    }
}
