<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="40" columns="8">
 <image source="terrain.png" width="256" height="160" />
 <tile id="0">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="grass" />
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="dirt" />
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="road" />
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="cobbles" />
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="floor_boards" />
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="floor_tiles" />
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="crop_field" />
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="ploughed_field" />
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="rough_ground" />
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="water" />
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="soft50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="rubble" />
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="soft50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="brush" />
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="true" />
   <property name="cover" propertytype="cover" value="soft90" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="hedge" />
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="tree" />
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard90" />
   <property name="move_cost" type="float" value="3" />
   <property name="name" value="sandbags" />
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard90" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="crates" />
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="true" />
   <property name="cover" propertytype="cover" value="hard90" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="stone_wall" />
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="true" />
   <property name="cover" propertytype="cover" value="hard90" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="brick_wall" />
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="doorway_ew" />
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="doorway_ns" />
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="window_ew" />
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="window_ns" />
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="low_wall_ew" />
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="low_wall_ns" />
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="true" />
   <property name="cover" propertytype="cover" value="soft90" />
   <property name="move_cost" type="float" value="3" />
   <property name="name" value="thicket" />
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="soft50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="fence_ew" />
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="soft50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="fence_ns" />
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard90" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="well" />
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="flagstones" />
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="3" />
   <property name="name" value="shallow_water" />
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="none" />
   <property name="move_cost" type="float" value="3" />
   <property name="name" value="barbed_wire" />
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="soft90" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="hay_bales" />
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="low_wall_ne" />
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="low_wall_nw" />
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="low_wall_se" />
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="low_wall_sw" />
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="crater" />
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard90" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="foxhole" />
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="blocks_move" type="bool" value="true" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="hard50" />
   <property name="move_cost" type="float" value="1" />
   <property name="name" value="cart" />
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="blocks_move" type="bool" value="false" />
   <property name="blocks_sight" type="bool" value="false" />
   <property name="cover" propertytype="cover" value="soft50" />
   <property name="move_cost" type="float" value="2" />
   <property name="name" value="table" />
  </properties>
 </tile>
</tileset>
