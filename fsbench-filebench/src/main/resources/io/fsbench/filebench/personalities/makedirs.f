# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Make leaf directories until every one exists (mode firstdone).

set $dir=/tmp
set $ndirs=10000
set $meandirwidth=100
set $nthreads=16
set mode quit firstdone

define fileset name=tree,path=$dir,size=0,leafdirs=$ndirs,dirwidth=$meandirwidth

define process name=mkdirs,instances=1
{
  thread name=worker,memsize=10m,instances=$nthreads
  {
    flowop makedir name=mkdir,filesetname=tree
  }
}

run 60
