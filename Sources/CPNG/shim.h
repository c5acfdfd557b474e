// libpng's simplified API (png_image): whole pictures to and from memory, errors as return values.
#include <png.h>
