#ifndef KONAN_LIBSIMPLE_GRADIENT_H
#define KONAN_LIBSIMPLE_GRADIENT_H
#ifdef __cplusplus
extern "C" {
#endif
#ifdef __cplusplus
typedef bool            libsimple_gradient_KBoolean;
#else
typedef _Bool           libsimple_gradient_KBoolean;
#endif
typedef unsigned short     libsimple_gradient_KChar;
typedef signed char        libsimple_gradient_KByte;
typedef short              libsimple_gradient_KShort;
typedef int                libsimple_gradient_KInt;
typedef long long          libsimple_gradient_KLong;
typedef unsigned char      libsimple_gradient_KUByte;
typedef unsigned short     libsimple_gradient_KUShort;
typedef unsigned int       libsimple_gradient_KUInt;
typedef unsigned long long libsimple_gradient_KULong;
typedef float              libsimple_gradient_KFloat;
typedef double             libsimple_gradient_KDouble;
typedef float __attribute__ ((__vector_size__ (16))) libsimple_gradient_KVector128;
typedef void*              libsimple_gradient_KNativePtr;
struct libsimple_gradient_KType;
typedef struct libsimple_gradient_KType libsimple_gradient_KType;

typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Byte;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Short;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Int;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Long;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Float;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Double;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Char;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Boolean;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Unit;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_UByte;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_UShort;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_UInt;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_ULong;

extern void clear_last_error();
extern libsimple_gradient_KInt create_with_program(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, libsimple_gradient_KInt program);
extern libsimple_gradient_KInt create_with_program_spec(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, void* spec);
extern libsimple_gradient_KInt flush_timings();
extern void* last_error();
extern libsimple_gradient_KInt last_error_code();
extern libsimple_gradient_KInt live_engine_count();
extern void noop();
extern libsimple_gradient_KInt scenario_positions(libsimple_gradient_KInt scenario, libsimple_gradient_KInt nodeCount, libsimple_gradient_KLong seed, libsimple_gradient_KDouble meanDegree, libsimple_gradient_KDouble maxDistance, void* out, libsimple_gradient_KInt capacity);
extern libsimple_gradient_KInt set_timing_csv_path(void* path);
extern libsimple_gradient_KInt update_positions(libsimple_gradient_KInt handle, void* xyz, libsimple_gradient_KInt nodeCount);
extern void clear_sources_with_distance(libsimple_gradient_KInt handle);
extern libsimple_gradient_KInt create_with_distance(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance);
extern void destroy_with_distance(libsimple_gradient_KInt handle);
extern void free_neighborhood_with_distance(void* pointer);
extern void free_state_buffer(void* pointer);
extern void* get_neighborhood_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, void* outSize);
extern libsimple_gradient_KDouble get_value_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt node);
extern void set_source_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KBoolean isSource);
extern void* step_and_get_state_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds, void* outSize);
extern void step_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds);
extern void update_position(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KDouble x, libsimple_gradient_KDouble y, libsimple_gradient_KDouble z);

typedef struct {
  /* Service functions. */
  void (*DisposeStablePointer)(libsimple_gradient_KNativePtr ptr);
  void (*DisposeString)(const char* string);
  libsimple_gradient_KBoolean (*IsInstance)(libsimple_gradient_KNativePtr ref, const libsimple_gradient_KType* type);
  libsimple_gradient_kref_kotlin_Byte (*createNullableByte)(libsimple_gradient_KByte);
  libsimple_gradient_KByte (*getNonNullValueOfByte)(libsimple_gradient_kref_kotlin_Byte);
  libsimple_gradient_kref_kotlin_Short (*createNullableShort)(libsimple_gradient_KShort);
  libsimple_gradient_KShort (*getNonNullValueOfShort)(libsimple_gradient_kref_kotlin_Short);
  libsimple_gradient_kref_kotlin_Int (*createNullableInt)(libsimple_gradient_KInt);
  libsimple_gradient_KInt (*getNonNullValueOfInt)(libsimple_gradient_kref_kotlin_Int);
  libsimple_gradient_kref_kotlin_Long (*createNullableLong)(libsimple_gradient_KLong);
  libsimple_gradient_KLong (*getNonNullValueOfLong)(libsimple_gradient_kref_kotlin_Long);
  libsimple_gradient_kref_kotlin_Float (*createNullableFloat)(libsimple_gradient_KFloat);
  libsimple_gradient_KFloat (*getNonNullValueOfFloat)(libsimple_gradient_kref_kotlin_Float);
  libsimple_gradient_kref_kotlin_Double (*createNullableDouble)(libsimple_gradient_KDouble);
  libsimple_gradient_KDouble (*getNonNullValueOfDouble)(libsimple_gradient_kref_kotlin_Double);
  libsimple_gradient_kref_kotlin_Char (*createNullableChar)(libsimple_gradient_KChar);
  libsimple_gradient_KChar (*getNonNullValueOfChar)(libsimple_gradient_kref_kotlin_Char);
  libsimple_gradient_kref_kotlin_Boolean (*createNullableBoolean)(libsimple_gradient_KBoolean);
  libsimple_gradient_KBoolean (*getNonNullValueOfBoolean)(libsimple_gradient_kref_kotlin_Boolean);
  libsimple_gradient_kref_kotlin_Unit (*createNullableUnit)(void);
  libsimple_gradient_kref_kotlin_UByte (*createNullableUByte)(libsimple_gradient_KUByte);
  libsimple_gradient_KUByte (*getNonNullValueOfUByte)(libsimple_gradient_kref_kotlin_UByte);
  libsimple_gradient_kref_kotlin_UShort (*createNullableUShort)(libsimple_gradient_KUShort);
  libsimple_gradient_KUShort (*getNonNullValueOfUShort)(libsimple_gradient_kref_kotlin_UShort);
  libsimple_gradient_kref_kotlin_UInt (*createNullableUInt)(libsimple_gradient_KUInt);
  libsimple_gradient_KUInt (*getNonNullValueOfUInt)(libsimple_gradient_kref_kotlin_UInt);
  libsimple_gradient_kref_kotlin_ULong (*createNullableULong)(libsimple_gradient_KULong);
  libsimple_gradient_KULong (*getNonNullValueOfULong)(libsimple_gradient_kref_kotlin_ULong);

  /* User functions. */
  struct {
    struct {
      struct {
        struct {
          void (*clearLastError)();
          libsimple_gradient_KInt (*createWithProgram)(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, libsimple_gradient_KInt program);
          libsimple_gradient_KInt (*createWithProgramSpec)(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, void* spec);
          libsimple_gradient_KInt (*flushTimings)();
          void* (*lastError)();
          libsimple_gradient_KInt (*lastErrorCode)();
          libsimple_gradient_KInt (*liveEngineCount)();
          void (*noop_)();
          libsimple_gradient_KInt (*scenarioPositions)(libsimple_gradient_KInt scenario, libsimple_gradient_KInt nodeCount, libsimple_gradient_KLong seed, libsimple_gradient_KDouble meanDegree, libsimple_gradient_KDouble maxDistance, void* out, libsimple_gradient_KInt capacity);
          libsimple_gradient_KInt (*setTimingCsvPath)(void* path);
          libsimple_gradient_KInt (*updatePositions)(libsimple_gradient_KInt handle, void* xyz, libsimple_gradient_KInt nodeCount);
          void (*clearSourcesWithDistance)(libsimple_gradient_KInt handle);
          libsimple_gradient_KInt (*createWithDistance)(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance);
          void (*destroyWithDistance)(libsimple_gradient_KInt handle);
          void (*freeNeighborhoodWithDistance)(void* pointer);
          void (*freeStateBuffer)(void* pointer);
          void* (*getNeighborhoodWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, void* outSize);
          libsimple_gradient_KDouble (*getValueWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node);
          void (*setSourceWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KBoolean isSource);
          void* (*stepAndGetStateWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds, void* outSize);
          void (*stepWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds);
          void (*updatePosition)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KDouble x, libsimple_gradient_KDouble y, libsimple_gradient_KDouble z);
        } cabi;
      } collektive;
    } root;
  } kotlin;
} libsimple_gradient_ExportedSymbols;
extern libsimple_gradient_ExportedSymbols* libsimple_gradient_symbols(void);
#ifdef __cplusplus
}  /* extern "C" */
#endif
#endif  /* KONAN_LIBSIMPLE_GRADIENT_H */
