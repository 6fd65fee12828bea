// The system libyaml (Debian's libyaml-dev), found through pkg-config as yaml-0.1.
#include <yaml.h>
