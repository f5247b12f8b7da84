<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="deadtable" tilewidth="40" tileheight="40" tilecount="49" columns="8">
 <image source="deadtable.png" width="320" height="280"/>
 <tile id="0">
  <properties>
   <property name="tile" value="asphalt"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile" value="asphalt_crossing_h"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile" value="asphalt_crossing_v"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile" value="asphalt_line_h"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile" value="asphalt_line_v"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile" value="sidewalk"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile" value="kerb_n"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile" value="kerb_e"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile" value="kerb_s"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile" value="kerb_w"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile" value="wood_floor"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile" value="tiled_floor"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile" value="linoleum"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile" value="hallway_linoleum"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile" value="hallway_guide_h"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="tile" value="hallway_guide_v"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="tile" value="carpet"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="tile" value="grass"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="tile" value="dirt"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="tile" value="mud"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="tile" value="gravel"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="tile" value="rubble"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="tile" value="water"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="tile" value="helipad_concrete"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="tile" value="helipad_edge_h"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="tile" value="helipad_edge_v"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="tile" value="helipad_mark_0"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="tile" value="helipad_mark_1"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="tile" value="helipad_mark_2"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="tile" value="helipad_mark_3"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="tile" value="helipad_mark_4"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="tile" value="helipad_mark_5"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="tile" value="helipad_mark_6"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="tile" value="helipad_mark_7"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="tile" value="helipad_mark_8"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="tile" value="roof"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="tile" value="roof_flat"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="tile" value="wall"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="tile" value="tent_canvas"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="tile" value="parking"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="tile" value="crops"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="tile" value="kerb_ne"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="tile" value="kerb_se"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="tile" value="kerb_sw"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="tile" value="kerb_nw"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="tile" value="kerb_corner_ne"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="tile" value="kerb_corner_se"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="tile" value="kerb_corner_sw"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="tile" value="kerb_corner_nw"/>
  </properties>
 </tile>
</tileset>
