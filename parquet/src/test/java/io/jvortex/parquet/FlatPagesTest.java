package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.error.VortexException;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.Field;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bitpacking.ByteBitPackingValuesWriter;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link FlatPages}, the page decoder of columns that do not repeat: on files parquet-java writes in
 * every page layout it has, it gives the same Vortex file as parquet-java's own column reader; on pages
 * made here (deprecated bit-packed levels, cut-off runs, malformed pages) it gives the values or a
 * {@link VortexException} saying what is wrong.
 */
@SuppressWarnings("deprecation") // BIT_PACKED and PLAIN_DICTIONARY: old writers still write them
class FlatPagesTest {
    @TempDir
    Path dir;

    /** Flat columns of every kind the decoder takes, some it leaves to parquet-java, and a struct of flat ones. */
    private static List<TypeSpec> columns() {
        List<TypeSpec> types = new ArrayList<>();
        types.add(new TypeSpec.Bool(true));
        types.add(new TypeSpec.Bool(false));
        for (PrimitiveKind kind : PrimitiveKind.values()) {
            types.add(new TypeSpec.Primitive(kind, true));
        }
        types.add(new TypeSpec.Primitive(PrimitiveKind.I64, false));
        types.add(new TypeSpec.Primitive(PrimitiveKind.I32, false));
        types.add(new TypeSpec.Primitive(PrimitiveKind.F64, false));
        types.add(new TypeSpec.Decimal(9, 2, true));
        types.add(new TypeSpec.Decimal(18, 4, false));
        types.add(new TypeSpec.Decimal(30, 10, true));
        types.add(new TypeSpec.Utf8(true));
        types.add(new TypeSpec.Utf8(false));
        types.add(new TypeSpec.Binary(true));
        types.add(new TypeSpec.Date(TypeSpec.DateUnit.DAYS, true));
        types.add(new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MICROSECONDS, "UTC", true));
        types.add(new TypeSpec.Struct(List.of(new Field("a", new TypeSpec.Primitive(PrimitiveKind.I32, true)),
                new Field("b", new TypeSpec.Utf8(true)), new Field("c", new TypeSpec.Bool(false))), true));
        types.add(new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I64, true), true));
        return types;
    }

    static Stream<Arguments> layouts() {
        // the last argument: how many of a row group's 25 flat columns FlatPages decodes at least (all but
        // byte-array decimals and FLOAT16); version 2.0 writes DELTA_BINARY_PACKED integers and DELTA_BYTE_ARRAY
        // strings where it has no dictionary or gives one up
        // and the value encodings the file must use
        return Stream.of(
                Arguments.of(WriterVersion.PARQUET_1_0, true, 0, 1 << 20, false, CompressionCodecName.SNAPPY, 24,
                        EnumSet.of(Encoding.PLAIN_DICTIONARY, Encoding.PLAIN)),
                Arguments.of(WriterVersion.PARQUET_2_0, true, 0, 1 << 20, false, CompressionCodecName.ZSTD, 24,
                        EnumSet.of(Encoding.RLE_DICTIONARY, Encoding.PLAIN, Encoding.RLE)),
                // dictionaries outgrow 300 bytes: the chunks fall back to PLAIN (DELTA_*) pages after dictionary ones
                Arguments.of(WriterVersion.PARQUET_1_0, true, 97, 300, false, CompressionCodecName.UNCOMPRESSED, 24,
                        EnumSet.of(Encoding.PLAIN_DICTIONARY, Encoding.PLAIN)),
                Arguments.of(WriterVersion.PARQUET_2_0, true, 61, 300, false, CompressionCodecName.GZIP, 24,
                        EnumSet.of(Encoding.RLE_DICTIONARY, Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_BYTE_ARRAY)),
                Arguments.of(WriterVersion.PARQUET_1_0, false, 7, 1 << 20, false, CompressionCodecName.SNAPPY, 24,
                        EnumSet.of(Encoding.PLAIN)),
                Arguments.of(WriterVersion.PARQUET_2_0, false, 0, 1 << 20, false, CompressionCodecName.UNCOMPRESSED,
                        24, EnumSet.of(Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_BYTE_ARRAY, Encoding.RLE)),
                Arguments.of(WriterVersion.PARQUET_1_0, false, 50, 1 << 20, true, CompressionCodecName.SNAPPY, 24,
                        EnumSet.of(Encoding.BYTE_STREAM_SPLIT, Encoding.PLAIN)),
                Arguments.of(WriterVersion.PARQUET_2_0, true, 0, 300, true, CompressionCodecName.UNCOMPRESSED, 24,
                        EnumSet.of(Encoding.BYTE_STREAM_SPLIT, Encoding.RLE_DICTIONARY, Encoding.DELTA_BYTE_ARRAY)));
    }

    @ParameterizedTest(name = "{0} dictionary={1} rowsPerPage={2} dictionaryBytes={3} byteStreamSplit={4} {5}")
    @MethodSource("layouts")
    void everyPageLayoutGivesTheFileParquetJavasReaderGives(WriterVersion version, boolean dictionary, int rowsPerPage,
                                                           int dictionaryBytes, boolean byteStreamSplit,
                                                           CompressionCodecName codec, int decodedPerGroup,
                                                           Set<Encoding> encodings) throws IOException {
        String label = "FlatPagesTest.layouts." + version + "." + dictionary + "." + rowsPerPage + "." + dictionaryBytes
                + "." + byteStreamSplit;
        long seed = Seeds.seed(label);
        SplittableRandom random = new SplittableRandom(seed);
        int rows = 1500 + random.nextInt(2000);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, columns(), rows);
        if (byteStreamSplit) {
            // a split layout must have a number column without a dictionary: random doubles outgrow a
            // dictionary of any size tried here, where a low-cardinality shape of every float column
            // would keep its dictionary and leave no BYTE_STREAM_SPLIT page (seed 1795772332692054259)
            TypeSpec randomDoubles = new TypeSpec.Primitive(PrimitiveKind.F64, false);
            List<RandomTables.ColumnPlan> plans = new ArrayList<>(table.plans());
            plans.replaceAll(p -> p.type().equals(randomDoubles)
                    ? new RandomTables.ColumnPlan(p.name(), p.type(), RandomTables.ValueShape.RANDOM,
                            RandomTables.NullShape.NONE)
                    : p);
            table = RandomTables.generatePlanned(seed, plans, rows);
        }
        Path parquet = dir.resolve("t.parquet");
        ParquetFiles.write(table, parquet, codec, 600 + random.nextInt(900), dictionary,
                new ParquetFiles.Pages(version, rowsPerPage, dictionaryBytes, byteStreamSplit));
        // batches that end inside pages and inside sections
        RowGroupReader.Limits limits = new RowGroupReader.Limits(1 + random.nextInt(5000), 1 << 20, 16L << 20);

        Path ours = dir.resolve("ours.vortex");
        Path theirs = dir.resolve("theirs.vortex");
        ParquetToVortex.convert(parquet, ours, WriteOptions.defaults(), limits);
        ParquetToVortex.convert(parquet, theirs, WriteOptions.defaults(), limits.withParquetJavaReader());

        assertThat(encodingsOf(parquet)).as("the file's encodings").containsAll(encodings);
        int[] decoded = decodedChunks(parquet);
        assertThat(decoded).as("seed %d", seed).isNotEmpty();
        assertThat(java.util.Arrays.stream(decoded).min().orElseThrow())
                .as("columns FlatPages decodes per row group: %s (seed %d)", java.util.Arrays.toString(decoded), seed)
                .isGreaterThanOrEqualTo(decodedPerGroup);
        assertThat(Files.readAllBytes(ours)).as("seed %d", seed).isEqualTo(Files.readAllBytes(theirs));
        List<String> got = ParquetToVortexTest.readJsonl(ours);
        assertThat(got).hasSize(rows);
        for (int i = 0; i < rows; i++) {
            assertThat(got.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(table.rows().get(i));
        }
    }

    private static Set<Encoding> encodingsOf(Path parquet) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquet),
                new org.apache.parquet.ParquetReadOptions.Builder(new PlainParquetConfiguration()).build())) {
            Set<Encoding> all = EnumSet.noneOf(Encoding.class);
            reader.getRowGroups().forEach(g -> g.getColumns().forEach(c -> all.addAll(c.getEncodings())));
            return all;
        }
    }

    /**
     * Random byte flips in the pages of uncompressed files of every encoding the decoder reads: each
     * conversion ends in a file or a {@link VortexException}, never another exception or a hang.
     */
    @Test
    @org.junit.jupiter.api.Timeout(300)
    void flippedPageBytesFailCleanly() throws IOException {
        long seed = Seeds.seed("FlatPagesTest.flips");
        SplittableRandom random = new SplittableRandom(seed);
        List<TypeSpec> flat = columns().subList(0, columns().size() - 2);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, flat, 700);
        ParquetFiles.Pages[] layouts = {
            new ParquetFiles.Pages(WriterVersion.PARQUET_1_0, 90, 1 << 20, false),
            new ParquetFiles.Pages(WriterVersion.PARQUET_2_0, 0, 200, false),
            new ParquetFiles.Pages(WriterVersion.PARQUET_2_0, 70, 1 << 20, true)};
        int failures = 0;
        for (int layout = 0; layout < layouts.length; layout++) {
            Path parquet = dir.resolve("flips" + layout + ".parquet");
            ParquetFiles.write(table, parquet, CompressionCodecName.UNCOMPRESSED, 400, layout != 2, layouts[layout]);
            byte[] original = Files.readAllBytes(parquet);
            long dataEnd;
            try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquet),
                    new org.apache.parquet.ParquetReadOptions.Builder(new PlainParquetConfiguration()).build())) {
                dataEnd = reader.getRowGroups().stream().mapToLong(g -> g.getColumns().stream()
                        .mapToLong(c -> c.getStartingPos() + c.getTotalSize()).max().orElse(4)).max().orElse(4);
            }
            for (int trial = 0; trial < 60; trial++) {
                byte[] bytes = original.clone();
                for (int k = 1 + random.nextInt(3); k > 0; k--) {
                    int at = 4 + random.nextInt((int) dataEnd - 4);
                    bytes[at] ^= (byte) (1 << random.nextInt(8));
                }
                Path corrupt = dir.resolve("corrupt.parquet");
                Files.write(corrupt, bytes);
                Path out = dir.resolve("corrupt.vortex");
                try {
                    ParquetToVortex.convert(corrupt, out, WriteOptions.defaults());
                } catch (VortexException e) {
                    failures++;
                } catch (RuntimeException e) {
                    throw new AssertionError("layout " + layout + ", trial " + trial + " (seed " + seed + ")", e);
                }
            }
        }
        // most flips land in values, which decode to other values; some must hit a level, a length or a header
        assertThat(failures).as("conversions that failed (seed %d)", seed).isPositive();
    }

    /** @return how many column chunks of each row group {@link FlatPages#supports} takes */
    private static int[] decodedChunks(Path parquet) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquet),
                new org.apache.parquet.ParquetReadOptions.Builder(new PlainParquetConfiguration()).build())) {
            List<ParquetSchema.Leaf> leaves = new ArrayList<>();
            leaves(ParquetSchema.convert(reader.getFileMetaData().getSchema()), leaves);
            List<BlockMetaData> groups = reader.getRowGroups();
            int[] counts = new int[groups.size()];
            for (int g = 0; g < counts.length; g++) {
                for (ParquetSchema.Leaf leaf : leaves) {
                    if (FlatPages.supports(groups.get(g).getColumns().get(leaf.column()), leaf)) {
                        counts[g]++;
                    }
                }
            }
            return counts;
        }
    }

    private static void leaves(ParquetSchema.Node node, List<ParquetSchema.Leaf> out) {
        switch (node) {
            case ParquetSchema.Leaf leaf -> out.add(leaf);
            case ParquetSchema.Struct s -> s.children().forEach(c -> leaves(c, out));
            case ParquetSchema.ListNode l -> leaves(l.element(), out);
            case ParquetSchema.MapNode m -> {
                leaves(m.key(), out);
                leaves(m.value(), out);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // pages made here

    private static final MessageType OPTIONAL_INT = Types.buildMessage()
            .optional(PrimitiveTypeName.INT32).named("x").named("m");
    private static final MessageType REQUIRED_INT = Types.buildMessage()
            .required(PrimitiveTypeName.INT32).named("x").named("m");
    /** A leaf of maximum definition level 2, whose levels take 2 bits: 3 is out of range. */
    private static final MessageType NESTED_INT = Types.buildMessage()
            .optionalGroup().optional(PrimitiveTypeName.INT32).named("x").named("s").named("m");
    private static final MessageType OPTIONAL_STRING = Types.buildMessage()
            .optional(PrimitiveTypeName.BINARY).as(org.apache.parquet.schema.LogicalTypeAnnotation.stringType())
            .named("x").named("m");

    /** One column's row group: its dictionary page (or null) and data pages. */
    private record Chunk(MessageType schema, DictionaryPage dictionary, List<DataPage> pages, Set<Encoding> encodings,
                         long rows) {
        ColumnDescriptor column() {
            return schema.getColumns().getFirst();
        }

        PageReadStore store() {
            return new PageReadStore() {
                @Override
                public PageReader getPageReader(ColumnDescriptor descriptor) {
                    Iterator<DataPage> next = pages.iterator();
                    return new PageReader() {
                        @Override
                        public DictionaryPage readDictionaryPage() {
                            return dictionary;
                        }

                        @Override
                        public long getTotalValueCount() {
                            return rows;
                        }

                        @Override
                        public DataPage readPage() {
                            return next.hasNext() ? next.next() : null;
                        }
                    };
                }

                @Override
                public long getRowCount() {
                    return rows;
                }
            };
        }

        BlockMetaData block() {
            BlockMetaData block = new BlockMetaData();
            block.setRowCount(rows);
            ColumnDescriptor column = column();
            block.addColumn(ColumnChunkMetaData.get(ColumnPath.get(column.getPath()), column.getPrimitiveType(),
                    CompressionCodecName.UNCOMPRESSED, null, encodings, Statistics.createStats(column.getPrimitiveType()),
                    0, 0, rows, 0, 0));
            return block;
        }

        /** @return the rows as JSON, read by {@link FlatPages} or by parquet-java's column reader */
        List<String> read(boolean pageDecoder) {
            ParquetSchema.Struct root = ParquetSchema.convert(schema);
            PageReadStore store = store();
            RowGroupReader.Batches batches = new RowGroupReader.Batches(root, store, new ColumnReadStoreImpl(store,
                    new ParquetToVortex.NoRecords(schema), schema, "FlatPagesTest"), block(), pageDecoder);
            StringWriter text = new StringWriter();
            JsonlWriter jsonl = new JsonlWriter(text);
            try (Arena arena = Arena.ofConfined()) {
                while (batches.hasNext()) {
                    StructArray batch = batches.next(new RowGroupReader.Limits(3, 1 << 20, 1 << 20), arena);
                    jsonl.write(batch);
                }
            }
            jsonl.flush();
            return text.toString().lines().toList();
        }
    }

    private static byte[] hybrid(int width, int... values) {
        try (RunLengthBitPackingHybridEncoder encoder = new RunLengthBitPackingHybridEncoder(width, 64, 1 << 16,
                HeapByteBufferAllocator.getInstance())) {
            for (int v : values) {
                encoder.writeInt(v);
            }
            return encoder.toBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bigEndianPacked(int bound, int... values) {
        ByteBitPackingValuesWriter writer = new ByteBitPackingValuesWriter(bound, Packer.BIG_ENDIAN);
        for (int v : values) {
            writer.writeInteger(v);
        }
        try {
            return writer.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] ints(int... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    private static byte[] lengthPrefixed(byte[] run) {
        return concat(ints(run.length), run);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static DataPage v1(byte[] bytes, int count, Encoding levels, Encoding values) {
        return new DataPageV1(BytesInput.from(bytes), count, bytes.length, null, Encoding.BIT_PACKED, levels, values);
    }

    private static DictionaryPage intDictionary(int... values) {
        return new DictionaryPage(BytesInput.from(ints(values)), values.length, Encoding.PLAIN_DICTIONARY);
    }

    private static final Set<Encoding> DICTIONARY = EnumSet.of(Encoding.RLE, Encoding.BIT_PACKED,
            Encoding.PLAIN_DICTIONARY, Encoding.PLAIN);

    @Test
    void deprecatedBitPackedLevelsReadAsParquetJavaReadsThem() {
        // 11 entries, 3 of them null, over two pages: bit-packed (most significant bit first) levels, PLAIN values
        int[] defs1 = {1, 0, 1, 1, 1, 0, 1};
        int[] defs2 = {1, 1, 0, 1};
        DataPage first = v1(concat(bigEndianPacked(1, defs1), ints(10, -20, 30, 40, 50)), 7, Encoding.BIT_PACKED,
                Encoding.PLAIN);
        DataPage second = v1(concat(bigEndianPacked(1, defs2), ints(Integer.MIN_VALUE, 7, Integer.MAX_VALUE)), 4,
                Encoding.BIT_PACKED, Encoding.PLAIN);
        Chunk chunk = new Chunk(OPTIONAL_INT, null, List.of(first, second),
                EnumSet.of(Encoding.BIT_PACKED, Encoding.PLAIN), 11);

        List<String> ours = chunk.read(true);

        assertThat(ours).containsExactly("{\"x\":10}", "{\"x\":null}", "{\"x\":-20}", "{\"x\":30}", "{\"x\":40}",
                "{\"x\":null}", "{\"x\":50}", "{\"x\":-2147483648}", "{\"x\":7}", "{\"x\":null}",
                "{\"x\":2147483647}");
        assertThat(ours).isEqualTo(chunk.read(false));
    }

    @Test
    void dictionaryIndicesInRleAndBitPackedRunsOfEveryWidth() {
        long seed = Seeds.seed("FlatPagesTest.dictionaryWidths");
        SplittableRandom random = new SplittableRandom(seed);
        for (int width = 0; width <= 20; width++) {
            int size = width == 0 ? 1 : 1 << width;
            int[] dictionary = random.ints(Math.min(size, 5000), Integer.MIN_VALUE, Integer.MAX_VALUE).toArray();
            int n = 1 + random.nextInt(3000);
            int[] ids = new int[n];
            for (int i = 0; i < n; ) {
                int id = random.nextInt(dictionary.length);
                int run = random.nextInt(4) == 0 ? 1 + random.nextInt(40) : 1; // runs become RLE runs
                for (int k = 0; k < run && i < n; k++) {
                    ids[i++] = id;
                }
            }
            byte[] indices = concat(new byte[] {(byte) width}, hybrid(width, ids));
            Chunk chunk = new Chunk(REQUIRED_INT, intDictionary(dictionary),
                    List.of(v1(indices, n, Encoding.BIT_PACKED, Encoding.RLE_DICTIONARY)),
                    EnumSet.of(Encoding.BIT_PACKED, Encoding.RLE_DICTIONARY, Encoding.PLAIN_DICTIONARY), n);

            List<String> ours = chunk.read(true);

            assertThat(ours).as("width %d (seed %d)", width, seed).hasSize(n);
            for (int i = 0; i < n; i++) {
                assertThat(ours.get(i)).as("row %d, width %d (seed %d)", i, width, seed)
                        .isEqualTo("{\"x\":" + dictionary[ids[i]] + "}");
            }
        }
    }

    @Test
    void aLastBitPackedRunMayStopShortOfItsPadding() {
        // 10 indices of 5 bits: two groups of 8 would take 10 bytes; the run's values need only 7
        int[] ids = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        byte[] packed = new byte[7];
        long bits = 0;
        int at = 0;
        for (int id : ids) {
            bits |= (long) id << at;
            at += 5;
        }
        for (int i = 0; i < 7; i++) {
            packed[i] = (byte) (bits >>> (8 * i));
        }
        byte[] indices = concat(new byte[] {5, (byte) ((2 << 1) | 1)}, packed);
        int[] dictionary = new int[11];
        for (int i = 0; i < 11; i++) {
            dictionary[i] = 100 * i;
        }
        Chunk chunk = new Chunk(REQUIRED_INT, intDictionary(dictionary),
                List.of(v1(indices, 10, Encoding.BIT_PACKED, Encoding.PLAIN_DICTIONARY)), DICTIONARY, 10);

        assertThat(chunk.read(true)).containsExactly("{\"x\":100}", "{\"x\":200}", "{\"x\":300}", "{\"x\":400}",
                "{\"x\":500}", "{\"x\":600}", "{\"x\":700}", "{\"x\":800}", "{\"x\":900}", "{\"x\":1000}");
    }

    private static final MessageType REQUIRED_LONG = Types.buildMessage()
            .required(PrimitiveTypeName.INT64).named("x").named("m");
    private static final MessageType REQUIRED_FLOAT = Types.buildMessage()
            .required(PrimitiveTypeName.FLOAT).named("x").named("m");

    private static byte[] bytes(org.apache.parquet.column.values.ValuesWriter writer) {
        try {
            return writer.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Values with runs, small steps, wide swings and the extremes, so deltas overflow and widths vary. */
    private static long[] deltaValues(SplittableRandom random, int n, boolean narrow) {
        long[] v = new long[n];
        long min = narrow ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = narrow ? Integer.MAX_VALUE : Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            long prev = i == 0 ? 0 : v[i - 1];
            long x = switch (random.nextInt(6)) {
                case 0 -> prev;
                case 1 -> prev + random.nextInt(-3, 4);
                case 2 -> random.nextBoolean() ? min : max;
                case 3 -> random.nextLong();
                default -> prev + random.nextInt(1 << random.nextInt(1, 30));
            };
            v[i] = narrow ? (int) x : x;
        }
        return v;
    }

    @Test
    void deltaIntegersOfEveryBlockShapeAndExtremes() {
        long seed = Seeds.seed("FlatPagesTest.delta");
        SplittableRandom random = new SplittableRandom(seed);
        int[][] shapes = {{128, 4}, {256, 8}, {128, 1}, {1024, 32}, {128, 16}};
        for (int[] shape : shapes) {
            for (boolean narrow : new boolean[] {true, false}) {
                int n = switch (random.nextInt(4)) {
                    case 0 -> 1;
                    case 1 -> shape[0] + random.nextInt(-1, 2);
                    default -> 1 + random.nextInt(3000);
                };
                long[] values = deltaValues(random, n, narrow);
                org.apache.parquet.column.values.ValuesWriter writer = narrow
                        ? new org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger(
                                shape[0], shape[1], 64, 1 << 20, HeapByteBufferAllocator.getInstance())
                        : new org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong(
                                shape[0], shape[1], 64, 1 << 20, HeapByteBufferAllocator.getInstance());
                for (long v : values) {
                    if (narrow) {
                        writer.writeInteger((int) v);
                    } else {
                        writer.writeLong(v);
                    }
                }
                Chunk chunk = new Chunk(narrow ? REQUIRED_INT : REQUIRED_LONG, null,
                        List.of(v1(bytes(writer), n, Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED), n);

                List<String> ours = chunk.read(true);

                String what = "blocks " + java.util.Arrays.toString(shape) + ", " + (narrow ? "INT32" : "INT64") + ", "
                        + n + " values (seed " + seed + ")";
                assertThat(ours).as(what).hasSize(n);
                for (int i = 0; i < n; i++) {
                    assertThat(ours.get(i)).as("row %d, %s", i, what).isEqualTo("{\"x\":" + values[i] + "}");
                }
                assertThat(ours).as(what).isEqualTo(chunk.read(false));
            }
        }
    }

    @Test
    void deltaLengthAndDeltaByteArrayStringsCarryTheirPrefixAcrossPages() {
        long seed = Seeds.seed("FlatPagesTest.deltaStrings");
        SplittableRandom random = new SplittableRandom(seed);
        List<DataPage> pages = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        String previous = "";
        for (int page = 0; page < 4; page++) {
            int n = 1 + random.nextInt(700);
            int[] defs = new int[n];
            org.apache.parquet.column.values.ValuesWriter writer = page % 2 == 0
                    ? new org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter(64,
                            1 << 20, HeapByteBufferAllocator.getInstance())
                    : new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(64, 1 << 20,
                            HeapByteBufferAllocator.getInstance());
            for (int i = 0; i < n; i++) {
                if (random.nextInt(5) == 0) {
                    expected.add("{\"x\":null}");
                    continue;
                }
                defs[i] = 1;
                int keep = previous.isEmpty() ? 0 : random.nextInt(previous.length() + 1);
                StringBuilder value = new StringBuilder(previous.substring(0, keep));
                for (int k = random.nextInt(random.nextBoolean() ? 4 : 40); k > 0; k--) {
                    value.append((char) ('a' + random.nextInt(26)));
                }
                previous = value.toString();
                writer.writeBytes(org.apache.parquet.io.api.Binary.fromString(previous));
                expected.add("{\"x\":\"" + previous + "\"}");
            }
            pages.add(v1(concat(lengthPrefixed(hybrid(1, defs)), bytes(writer)), n, Encoding.RLE,
                    page % 2 == 0 ? Encoding.DELTA_LENGTH_BYTE_ARRAY : Encoding.DELTA_BYTE_ARRAY));
        }
        // a last page whose first value takes a prefix of the page before's last value, which parquet-java
        // carries over (writers before PARQUET-246 relied on it)
        // (one value each: headers of block size 128 in 4 miniblocks, count 1, first value 3 and 1 zigzagged)
        byte[] carried = concat(new byte[] {(byte) 0x80, 0x01, 4, 1, 6}, new byte[] {(byte) 0x80, 0x01, 4, 1, 2},
                "q".getBytes());
        pages.add(v1(concat(lengthPrefixed(hybrid(1, 1)), carried), 1, Encoding.RLE, Encoding.DELTA_BYTE_ARRAY));
        String last = previous.length() >= 3 ? previous.substring(0, 3) + "q" : null;
        Chunk chunk = new Chunk(OPTIONAL_STRING, null, pages, EnumSet.of(Encoding.RLE,
                Encoding.DELTA_LENGTH_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY), expected.size() + 1);

        if (last == null) {
            assertThatThrownBy(() -> chunk.read(true)).isInstanceOf(VortexException.class)
                    .hasMessageContaining("a prefix of 3 bytes");
            return;
        }
        List<String> ours = chunk.read(true);

        expected.add("{\"x\":\"" + last + "\"}");
        assertThat(ours).as("seed %d", seed).isEqualTo(expected);
        assertThat(ours).as("seed %d", seed).isEqualTo(chunk.read(false));
    }

    @Test
    void byteStreamSplitFloatsKeepTheirBits() {
        long seed = Seeds.seed("FlatPagesTest.split");
        SplittableRandom random = new SplittableRandom(seed);
        int n = 1 + random.nextInt(2000);
        int[] bits = new int[n];
        byte[] page = new byte[4 * n];
        for (int i = 0; i < n; i++) {
            bits[i] = switch (random.nextInt(4)) {
                case 0 -> Float.floatToRawIntBits(Float.NaN) ^ random.nextInt(1 << 22); // NaN payloads
                case 1 -> 0x8000_0000; // -0.0
                default -> random.nextInt();
            };
            for (int k = 0; k < 4; k++) {
                page[k * n + i] = (byte) (bits[i] >>> (8 * k));
            }
        }
        Chunk chunk = new Chunk(REQUIRED_FLOAT, null,
                List.of(v1(page, n, Encoding.BIT_PACKED, Encoding.BYTE_STREAM_SPLIT)),
                EnumSet.of(Encoding.BIT_PACKED, Encoding.BYTE_STREAM_SPLIT), n);
        ParquetSchema.Struct root = ParquetSchema.convert(REQUIRED_FLOAT);
        PageReadStore store = chunk.store();
        RowGroupReader.Batches batches = new RowGroupReader.Batches(root, store, new ColumnReadStoreImpl(store,
                new ParquetToVortex.NoRecords(REQUIRED_FLOAT), REQUIRED_FLOAT, "FlatPagesTest"), chunk.block(), true);
        try (Arena arena = Arena.ofConfined()) {
            StructArray batch = batches.next(new RowGroupReader.Limits(1 << 16, 1 << 20, 1 << 20), arena);
            io.jvortex.array.PrimitiveArray x = (io.jvortex.array.PrimitiveArray) batch.fields().getFirst();
            for (int i = 0; i < n; i++) {
                assertThat(x.values().get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 4L * i))
                        .as("row %d (seed %d)", i, seed).isEqualTo(bits[i]);
            }
        }
    }

    /** A malformed page of a one-column chunk, and what the error must say. */
    private record Bad(String name, Supplier<Chunk> chunk, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Bad> malformedPages() {
        byte[] allPresent = lengthPrefixed(hybrid(1, 1, 1, 1));
        return Stream.of(
                new Bad("index beyond the dictionary", () -> new Chunk(REQUIRED_INT, intDictionary(5, 6, 7),
                        List.of(v1(concat(new byte[] {3}, hybrid(3, 0, 1, 7)), 3, Encoding.BIT_PACKED,
                                Encoding.RLE_DICTIONARY)), DICTIONARY, 3),
                        "dictionary index 7 in a dictionary of 3 entries"),
                new Bad("definition level above the maximum", () -> new Chunk(NESTED_INT, null,
                        List.of(v1(concat(lengthPrefixed(hybrid(2, 1, 3, 1)), ints(1, 2, 3)), 3, Encoding.RLE,
                                Encoding.PLAIN)), EnumSet.of(Encoding.RLE, Encoding.PLAIN), 3),
                        "definition level 3 above the column's maximum 2"),
                new Bad("PLAIN values cut off", () -> new Chunk(OPTIONAL_INT, null,
                        List.of(v1(concat(allPresent, ints(1, 2), new byte[] {9}), 3, Encoding.RLE, Encoding.PLAIN)),
                        EnumSet.of(Encoding.RLE, Encoding.PLAIN), 3),
                        "a page holds 9 bytes where 3 4-byte values need 12"),
                new Bad("pages end before the chunk's values", () -> new Chunk(OPTIONAL_INT, null,
                        List.of(v1(concat(allPresent, ints(1, 2, 3)), 3, Encoding.RLE, Encoding.PLAIN)),
                        EnumSet.of(Encoding.RLE, Encoding.PLAIN), 5),
                        "its pages end before the 5 values of its column chunk"),
                new Bad("indices wider than 32 bits", () -> new Chunk(REQUIRED_INT, intDictionary(5),
                        List.of(v1(new byte[] {40, 2, 0}, 1, Encoding.BIT_PACKED, Encoding.RLE_DICTIONARY)),
                        DICTIONARY, 1),
                        "dictionary indices of 40 bits"),
                new Bad("indices without a dictionary", () -> new Chunk(REQUIRED_INT, null,
                        List.of(v1(new byte[] {1, 2, 0}, 1, Encoding.BIT_PACKED, Encoding.RLE_DICTIONARY)),
                        DICTIONARY, 1),
                        "dictionary-encoded but the column chunk has no dictionary page"),
                new Bad("indices end early", () -> new Chunk(REQUIRED_INT, intDictionary(5, 6),
                        List.of(v1(concat(new byte[] {1}, hybrid(1, 0, 1)), 20, Encoding.BIT_PACKED,
                                Encoding.RLE_DICTIONARY)), DICTIONARY, 20),
                        "dictionary indices end before the page's values"),
                new Bad("run header of more than five bytes", () -> new Chunk(REQUIRED_INT, intDictionary(5, 6),
                        List.of(v1(new byte[] {1, -1, -1, -1, -1, -1, 1}, 2, Encoding.BIT_PACKED,
                                Encoding.RLE_DICTIONARY)), DICTIONARY, 2),
                        "a malformed run header in its dictionary indices"),
                new Bad("level run longer than its page", () -> new Chunk(OPTIONAL_INT, null,
                        List.of(v1(concat(ints(1000), hybrid(1, 1, 1)), 2, Encoding.RLE, Encoding.PLAIN)),
                        EnumSet.of(Encoding.RLE, Encoding.PLAIN), 2),
                        "a run of 1000 bytes in page 1"),
                new Bad("string longer than its page", () -> new Chunk(OPTIONAL_STRING, null,
                        List.of(v1(concat(allPresent, ints(2), "ab".getBytes(), ints(1000), "c".getBytes()), 3,
                                Encoding.RLE, Encoding.PLAIN)), EnumSet.of(Encoding.RLE, Encoding.PLAIN), 3),
                        "a value of 1000 bytes in a page with 1 bytes left"),
                new Bad("dictionary shorter than its size", () -> new Chunk(REQUIRED_INT,
                        new DictionaryPage(BytesInput.from(ints(1, 2)), 1000, Encoding.PLAIN),
                        List.of(v1(new byte[] {1, 2, 0}, 1, Encoding.BIT_PACKED, Encoding.RLE_DICTIONARY)),
                        DICTIONARY, 1),
                        "a page holds 8 bytes where a dictionary of 1000 entries need 4000"),
                new Bad("delta header cut off", () -> new Chunk(REQUIRED_LONG, null,
                        List.of(v1(new byte[] {(byte) 0x80}, 1, Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED), 1),
                        "its DELTA_BINARY_PACKED values are cut off or malformed"),
                new Bad("delta blocks of an impossible shape", () -> new Chunk(REQUIRED_LONG, null,
                        List.of(v1(new byte[] {100, 4, 1, 0}, 1, Encoding.BIT_PACKED,
                                Encoding.DELTA_BINARY_PACKED)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED), 1),
                        "with blocks of 100 values in 4 miniblocks"),
                new Bad("delta miniblock cut off", () -> new Chunk(REQUIRED_LONG, null,
                        List.of(v1(new byte[] {(byte) 0x80, 0x01, 4, 40, 0, 0, 8, 8, 8, 8, 1, 2, 3}, 40,
                                Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED), 40),
                        "its DELTA_BINARY_PACKED values are cut off or malformed"),
                new Bad("delta miniblock wider than 64 bits", () -> new Chunk(REQUIRED_LONG, null,
                        List.of(v1(new byte[] {(byte) 0x80, 0x01, 4, 3, 0, 0, 65, 0, 0, 0, 1, 2, 3}, 3,
                                Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED), 3),
                        "a miniblock of 65-bit deltas"),
                new Bad("fewer delta values than levels", () -> new Chunk(REQUIRED_LONG, null,
                        List.of(v1(new byte[] {(byte) 0x80, 0x01, 4, 2, 10, 0, 0, 0, 0, 0}, 3, Encoding.BIT_PACKED,
                                Encoding.DELTA_BINARY_PACKED)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED), 3),
                        "its DELTA_BINARY_PACKED values hold 2 values, its levels more"),
                new Bad("prefix longer than the value before", () -> new Chunk(OPTIONAL_STRING, null,
                        List.of(v1(concat(lengthPrefixed(hybrid(1, 1)), new byte[] {(byte) 0x80, 0x01, 4, 1, 6},
                                new byte[] {(byte) 0x80, 0x01, 4, 1, 2}, "q".getBytes()), 1, Encoding.RLE,
                                Encoding.DELTA_BYTE_ARRAY)),
                        EnumSet.of(Encoding.RLE, Encoding.DELTA_BYTE_ARRAY), 1),
                        "a prefix of 3 bytes of a 0-byte value"),
                new Bad("byte stream split of a partial value", () -> new Chunk(REQUIRED_FLOAT, null,
                        List.of(v1(new byte[7], 1, Encoding.BIT_PACKED, Encoding.BYTE_STREAM_SPLIT)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.BYTE_STREAM_SPLIT), 1),
                        "BYTE_STREAM_SPLIT page 1 of 7 bytes, not a multiple of 4"),
                new Bad("bit-packed levels cut off", () -> new Chunk(OPTIONAL_INT, null,
                        List.of(v1(new byte[] {-1}, 9, Encoding.BIT_PACKED, Encoding.PLAIN)),
                        EnumSet.of(Encoding.BIT_PACKED, Encoding.PLAIN), 9),
                        "is too short for its 9 bit-packed definition levels"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedPages")
    void malformedPagesFailSayingWhatAndWhere(Bad bad) {
        Chunk chunk = bad.chunk().get();
        assertThatThrownBy(() -> chunk.read(true))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("Parquet column [")
                .hasMessageContaining(bad.message());
    }
}
